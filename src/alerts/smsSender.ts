/**
 * SMS through the official twilio client. TWILIO_API_URL swaps Twilio's API origin for another (a local fake in
 * tests, an egress proxy in production) through the documented `httpClient` option: a RequestClient subclass that
 * rewrites each request's origin. One transport serves every SMS channel (the lead alert, the follow-up reminder,
 * the operator's test message).
 */
import type { SmsConfig } from '../config';
import { loadOnce } from '../lib/loadOnce';
import type { AlertLead, AlertSender } from './alertSender';
import { SMS_STATUS_PATH } from './smsDelivery';
import { buildSmsText } from './smsText';

type Twilio = typeof import('twilio');
type RequestOptions = Parameters<InstanceType<Twilio['RequestClient']>['request']>[0];
type Messages = ReturnType<Twilio>['messages'];

const TWILIO_ORIGIN = /^https:\/\/[a-z0-9.-]+\.twilio\.com(?=\/|$)/i;

/**
 * The twilio client's messages API, with requests sent to `origin` instead of Twilio's. The client
 * takes no AbortSignal: it is given the runner's deadline, so its request ends with the attempt.
 */
function createMessages(twilio: Twilio, config: SmsConfig, deadlineMs: number): Messages {
  class OriginRewritingClient extends twilio.RequestClient {
    constructor(
      private readonly origin: string | undefined,
      timeout: number,
    ) {
      super({ timeout, autoRetry: false });
    }

    override request<TData>(opts: RequestOptions & { data?: TData }) {
      const uri = this.origin === undefined ? opts.uri : opts.uri.replace(TWILIO_ORIGIN, this.origin);
      return super.request<TData>({ ...opts, uri });
    }
  }
  const origin = config.apiUrl?.replace(/\/+$/, '');
  const client = twilio(config.accountSid, config.authToken, {
    httpClient: new OriginRewritingClient(origin, deadlineMs),
  });
  return client.messages;
}

/**
 * `publicUrl`: the site's public origin, when it has one; each SMS then asks Twilio to report its
 * delivery there (SMS_STATUS_PATH). Without one (a local run) Twilio could not reach us anyway.
 */
export type SmsTransport = ReturnType<typeof createSmsTransport>;

export function createSmsTransport(config: SmsConfig, deadlineMs: number, publicUrl?: string) {
  const statusCallback = publicUrl === undefined ? {} : { statusCallback: `${publicUrl}${SMS_STATUS_PATH}` };
  // twilio is the heaviest import of the server and its client loads its API modules on first use
  // (`client.messages`), blocking the event loop both times. Neither may delay the start-up (target:
  // serving within 300 ms), so both happen on first use or in warm(), which the server calls just
  // after it starts listening: a visitor's lead does not pay it either.
  const messages = loadOnce(() =>
    import('twilio')
      .then((module) => new Promise<Twilio>((resolve) => setImmediate(() => resolve(module.default))))
      // A separate turn: two shorter stalls, not one long one.
      .then((twilio) => createMessages(twilio, config, deadlineMs)),
  );
  return {
    warm: async () => void (await messages.get()),
    /** Sends a text to the owner's phone; resolves with Twilio's message sid once Twilio accepted it. */
    async send(text: string): Promise<{ providerMessageId: string }> {
      const message = await (await messages.get()).create({
        to: config.to,
        from: config.from,
        body: text,
        ...statusCallback,
      });
      return { providerMessageId: message.sid };
    },
  };
}

/** An alert channel that texts the owner what `textOf` writes about the lead. */
export function smsSenderFor(transport: SmsTransport, textOf: (lead: AlertLead) => string): AlertSender {
  return { warm: () => transport.warm(), send: (lead) => transport.send(textOf(lead)) };
}

/** The new-lead SMS alert on a transport of its own. */
export function createSmsSender(config: SmsConfig, timeoutMs: number): AlertSender {
  return smsSenderFor(createSmsTransport(config, timeoutMs), buildSmsText);
}
