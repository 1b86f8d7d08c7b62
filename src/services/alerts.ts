/**
 * The alert side of the services, assembled: the providers' transports, the
 * senders of the channels the configuration turns on, the webhook's on/off
 * switch, the delivery worker, and the SMS delivery receipts. services.ts
 * puts it beside the leads; the worker reads each lead as its alerts tell it.
 */
import type { AlertQueue } from '../alerts/alertQueue';
import type { AlertLead, AlertSender } from '../alerts/alertSender';
import { type ChannelSpec, channelsOfKind, leadSmsChannel } from '../alerts/channels';
import { createDeliveryWorker, type DeliveryWorker } from '../alerts/runner';
import { buildSenders, closeProviders, openProviders, sendTimeoutMs } from '../alerts/providers';
import { createWebhookSwitch, type WebhookPower } from '../alerts/webhookSwitch';
import type { Config } from '../config';
import { followUpChannels, followUpRule } from '../leads/leadMarking';
import type { LeadRow, LeadsTable } from '../leads/leadsTable';
import { createSmsReceipts, type SmsReceipts } from '../leads/smsReceipts';
import type { Logger } from '../lib/logger';
import { OWNER_PATHS } from '../contract/inbox';
import { describeSource, sourceOf } from '../sources/attribution';
import type { Db } from '../storage/database';

export interface Delivery {
  senders: ReadonlyMap<string, AlertSender>;
  worker: DeliveryWorker;
  /** The webhook's on/off switch, when a webhook is configured. */
  webhook: WebhookPower | undefined;
  receipts: SmsReceipts;
  warmSenders(): Promise<void>;
  /** Closes the providers' pooled connections (after the worker stopped). */
  closeProviders(): void;
}

export interface DeliveryDeps {
  db: Db;
  config: Config;
  logger: Logger;
  channels: readonly ChannelSpec[];
  leads: LeadsTable;
  queue: AlertQueue;
  now: () => number;
  /** The lead's signed "Mark as contacted" link, for the owner's e-mails. */
  markUrl: (lead: AlertLead) => string;
  /** Instead of the senders the configuration builds (tests of the delivery rules). */
  senders?: ReadonlyMap<string, AlertSender>;
}

/** A lead as its alerts tell it, with its page in the owner's inbox. */
const alertLeadOf = (row: LeadRow, publicUrl: string): AlertLead => ({
  id: row.id,
  createdAt: row.created_at,
  name: row.name,
  company: row.company,
  email: row.email,
  verdict: row.verdict,
  reasons: row.verdict_reasons.split(',').filter(Boolean),
  source: describeSource(sourceOf(row)),
  inboxUrl: `${publicUrl}${OWNER_PATHS.lead}${row.id}`,
});

export function openDelivery({
  db,
  config,
  logger,
  channels,
  leads,
  queue,
  now,
  markUrl,
  ...deps
}: DeliveryDeps): Delivery {
  // The worker is made after the senders it runs; what is queued before then waits for it.
  let worker: DeliveryWorker | undefined;
  const attempt = (leadId: number, channel: string) => void worker?.attempt(leadId, channel);
  const notice = channelsOfKind(channels, 'notice')[0];
  const webhook = config.webhook
    ? createWebhookSwitch({
        db,
        queue,
        url: config.webhook.url,
        noticeChannel: config.email ? notice : undefined,
        attempt,
        logger,
        now,
      })
    : undefined;
  const providers = openProviders(config, { markUrl, now, webhookSwitch: webhook });
  const senders = deps.senders ?? buildSenders(channels, providers, logger);
  const leadSms = leadSmsChannel(channels);
  // Only a fallback tells what became of the SMS; the other senders are spared the lookup.
  const fallbacks = channelsOfKind(channels, 'fallback');
  worker = createDeliveryWorker({
    queue,
    channels,
    senders,
    readLead: (id, channel) => {
      const row = leads.get(id);
      if (!row) return undefined;
      const delivery = leadSms && fallbacks.includes(channel) ? queue.deliveryOf(id, leadSms) : undefined;
      const lead = alertLeadOf(row, config.publicUrl);
      return delivery ? { ...lead, smsDelivery: { status: delivery.state, errorCode: delivery.errorCode } } : lead;
    },
    stillApplies: followUpRule(leads, followUpChannels(channels)),
    logger,
    now,
    sendTimeoutMs: sendTimeoutMs(config),
    retryBaseMs: config.alertRetryBaseMs,
    maxAttempts: config.alertMaxAttempts,
  });
  const receipts = createSmsReceipts({ db, queue, channels, configured: worker.channels, attempt, logger, now });
  return {
    senders,
    worker,
    webhook,
    receipts,
    warmSenders: async () => void (await Promise.all([...senders.values()].map((sender) => sender.warm?.()))),
    closeProviders: () => closeProviders(providers),
  };
}
