/**
 * The owner's webhook: one signed JSON POST per event to his own endpoint (n8n,
 * Zapier, a CRM), as the Standard Webhooks specification says, signed by the
 * `standardwebhooks` package so any receiver's verifier accepts it.
 * - `webhook-id` is made from the lead and the event, so every retry of one
 *   event carries the same id and a receiver can drop a repeat;
 * - any 2xx is success; a redirect is a failure, never followed (the Location
 *   could point anywhere); no answer before the attempt's deadline (at most
 *   WEBHOOK_DEADLINE_MS) is a failure;
 * - 410 Gone means the endpoint wants no more: the webhook is turned off
 *   (`WebhookSwitch`), the attempt fails for good, and so does every later one
 *   until the operator turns it back on;
 * - unless WEBHOOK_ALLOW_PRIVATE, the connection may only reach a public
 *   address, checked on the address connected to (addressGuard.ts).
 */
import type { WebhookConfig } from '../config';
import { publicOnlyLookup, refuseLiteralPrivate } from './addressGuard';
import { type AlertLead, type AlertSender, permanentFailure } from './alertSender';
import { createHttpPoster } from './httpPost';
import type { WebhookSwitch } from './webhookSwitch';
import { loadOnce } from '../lib/loadOnce';

export type WebhookEvent =
  | 'lead.created'
  | 'lead.released'
  | 'booking.created'
  | 'booking.moved'
  | 'booking.cancelled'
  | 'test';

/** One event about a lead, as a channel posts it: see webhookPayloadSenderFor. */
export interface WebhookPayload {
  type: WebhookEvent;
  /** The webhook-id: the same on every attempt of this event. */
  id: string;
  data: object;
  happenedAt: Date;
}

/** The owner's endpoint answers within this (or the runner's shorter deadline) or the attempt counts as failed. */
export const WEBHOOK_DEADLINE_MS = 15_000;

/** The event's body: what a receiver stores about the lead. */
export function webhookData(lead: AlertLead): object {
  return {
    id: lead.id,
    name: lead.name,
    company: lead.company,
    email: lead.email,
    language: lead.language ?? 'en',
    verdict: lead.verdict,
    reasons: lead.reasons ?? [],
    source: lead.source,
    createdAt: lead.createdAt,
    inboxUrl: lead.inboxUrl ?? null,
  };
}

/** The same on every attempt of one lead's event; distinct across databases by the lead's time. */
export function webhookId(lead: AlertLead, type: WebhookEvent): string {
  return `msg_lead${lead.id}_${Date.parse(lead.createdAt)}_${type.replace('.', '_')}`;
}

export function createWebhookTransport(
  config: WebhookConfig,
  power: Pick<WebhookSwitch, 'offReason' | 'gone'> | undefined,
  now: () => number,
) {
  const url = new URL(config.url);
  const poster = createHttpPoster(config.allowPrivate ? undefined : publicOnlyLookup);
  const signer = loadOnce(() => import('standardwebhooks').then(({ Webhook }) => new Webhook(config.secret)));
  return {
    warm: async () => void (await signer.get()),
    close: () => poster.close(),
    /**
     * Posts one event (`happenedAt` goes in the body); resolves with its webhook-id once the endpoint
     * answered 2xx. It is signed at the time of sending: receivers refuse a signature minutes old.
     */
    async post(event: {
      type: WebhookEvent;
      id: string;
      data: object;
      happenedAt: Date;
      /** The lead it is about (none for a test): named to the owner if the endpoint answers 410. */
      leadId?: number;
      /** The attempt's deadline (the runner's). */
      signal: AbortSignal;
    }): Promise<{ providerMessageId: string }> {
      const { type, id, data, happenedAt, leadId, signal } = event;
      const off = power?.offReason();
      if (off) throw permanentFailure(off, 'WEBHOOK_OFF');
      if (!config.allowPrivate) refuseLiteralPrivate(url);
      const body = JSON.stringify({ type, timestamp: happenedAt.toISOString(), data });
      const timestamp = new Date(now());
      const signature = (await signer.get()).sign(id, timestamp, body);
      const answer = await poster.post(
        url,
        body,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'lead-alerts-webhook/1',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        signal,
      );
      if (answer.status >= 200 && answer.status < 300) return { providerMessageId: id };
      if (answer.status === 410) {
        power?.gone(leadId);
        throw permanentFailure(
          'the endpoint answered 410 Gone: the webhook is now off until it is turned back on',
          'HTTP 410',
        );
      }
      if (answer.status >= 300 && answer.status < 400)
        throw Object.assign(
          new Error('the endpoint answered with a redirect, which is not followed: set WEBHOOK_URL to where it points'),
          { status: answer.status },
        );
      throw Object.assign(new Error('the endpoint did not answer 2xx'), { status: answer.status });
    },
  };
}

export type WebhookTransport = ReturnType<typeof createWebhookTransport>;

/** A channel that posts what `payloadOf` writes about the lead (a booking's event, say). */
export function webhookPayloadSenderFor(
  transport: WebhookTransport,
  payloadOf: (lead: AlertLead) => WebhookPayload,
): AlertSender {
  return {
    warm: () => transport.warm(),
    send: (lead, signal) => transport.post({ ...payloadOf(lead), leadId: lead.id, signal }),
  };
}

/** A channel that posts `type` about the lead. */
export function webhookSenderFor(transport: WebhookTransport, type: WebhookEvent, now: () => number): AlertSender {
  return webhookPayloadSenderFor(transport, (lead) => ({
    type,
    id: webhookId(lead, type),
    data: webhookData(lead),
    // lead.created is about the lead's arrival; a release happens when it is sent.
    happenedAt: type === 'lead.created' ? new Date(lead.createdAt) : new Date(now()),
  }));
}
