/**
 * Sends the SMS alert with the official twilio client. TWILIO_API_URL swaps
 * Twilio's API origin for another (a local fake in tests, an egress proxy in
 * production) through the documented `httpClient` option: a RequestClient
 * subclass that rewrites each request's origin.
 */
import twilio from 'twilio';
import type { SmsConfig } from '../config';
import type { AlertSender } from './sender';
import { buildSmsText } from './smsText';

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

const TWILIO_ORIGIN = /^https:\/\/[a-z0-9.-]+\.twilio\.com(?=\/|$)/i;

class OriginRewritingClient extends twilio.RequestClient {
  constructor(
    private readonly origin: string | undefined,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs, autoRetry: false });
  }

  override request<TData>(opts: RequestOptions & { data?: TData }) {
    const uri = this.origin === undefined ? opts.uri : opts.uri.replace(TWILIO_ORIGIN, this.origin);
    return super.request<TData>({ ...opts, uri });
  }
}

export function createSmsSender(config: SmsConfig, timeoutMs: number): AlertSender {
  const origin = config.apiUrl?.replace(/\/+$/, '');
  const client = twilio(config.accountSid, config.authToken, {
    httpClient: new OriginRewritingClient(origin, timeoutMs),
  });
  // The client loads its API modules on first use, blocking the event loop for
  // about half a second: pay that at start-up, not during a visitor's request.
  const messages = client.messages;
  return {
    async send(lead) {
      const message = await messages.create({ to: config.to, from: config.from, body: buildSmsText(lead) });
      return { providerMessageId: message.sid };
    },
  };
}
