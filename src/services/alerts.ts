/**
 * The alert side of the services, assembled: the providers' transports, the senders of the channels
 * the configuration turns on, the webhook's on/off switch, the runner, and the SMS delivery
 * receipts. services.ts puts it beside the leads; the runner reads each lead as its alerts tell it.
 * Whatever the queue announces, the runner attempts: nothing here calls it by hand.
 */
import type { AlertQueue } from '../alerts/alertQueue';
import type { AlertBooking, AlertLead, AlertSender } from '../alerts/alertSender';
import { type ChannelSpec, channelsOfKind, leadSmsChannel } from '../alerts/channels';
import { attemptDeadlineMs, buildSenders, closeProviders, openProviders } from '../alerts/providers';
import { createRunner } from '../alerts/runner';
import type { AlertStillApplies } from '../alerts/attempts';
import { createWebhookSwitch } from '../alerts/webhookSwitch';
import type { Config } from '../config';
import { INBOX_PATHS } from '../contract/inbox';
import { followUpChannels, followUpRule } from '../leads/leadMarking';
import type { LeadRow, LeadsTable } from '../leads/leadsTable';
import { createSmsReceipts } from '../leads/smsReceipts';
import type { Logger } from '../lib/logger';
import { describeSource, sourceOf } from '../sources/attribution';
import type { Db } from '../storage/database';

/** How alerts are retried: the base of the backoff and the attempts per alert (a test shortens both). */
export interface RetryRules {
  baseMs: number;
  maxAttempts: number;
}

export interface AlertingDeps {
  db: Db;
  config: Config;
  logger: Logger;
  channels: readonly ChannelSpec[];
  leads: LeadsTable;
  queue: AlertQueue;
  now: () => number;
  retry: RetryRules;
  /** The lead's signed "Mark as contacted" link, for the owner's e-mails. */
  markUrl: (lead: AlertLead) => string;
  /** Instead of the senders the configuration builds (tests of the delivery rules). */
  senders?: ReadonlyMap<string, AlertSender>;
  /** False for the CLI: it sends only when a command asks (see RunnerOptions). */
  attemptQueued: boolean;
  /** The lead's booking, for the booking channels' alerts. */
  alertBooking: (leadId: number, language: string) => AlertBooking | undefined;
  /** Whether the lead has a call booked: its own, or its person's still to come from an earlier lead. */
  hasCall: (leadId: number) => boolean;
}

/** A lead as its alerts tell it, with its page in the owner's inbox and his time zone. */
const alertLeadOf = (row: LeadRow, publicUrl: string, ownerTimeZone: string): AlertLead => ({
  id: row.id,
  createdAt: row.created_at,
  ownerTimeZone,
  name: row.name,
  company: row.company,
  email: row.email,
  language: row.language,
  verdict: row.verdict,
  reasons: row.verdict_reasons.split(',').filter(Boolean),
  source: describeSource(sourceOf(row)),
  inboxUrl: `${publicUrl}${INBOX_PATHS.lead}${row.id}`,
});

export function openAlerting(deps: AlertingDeps) {
  const { db, config, logger, channels, leads, queue, now, markUrl } = deps;
  const webhook = config.webhook
    ? createWebhookSwitch({
        db,
        queue,
        url: config.webhook.url,
        noticeChannel: config.email ? channelsOfKind(channels, 'notice')[0] : undefined,
        logger,
        now,
      })
    : undefined;
  const providers = openProviders(config, { markUrl, now, webhookSwitch: webhook });
  const senders = deps.senders ?? buildSenders(channels, providers, logger);
  const leadSms = leadSmsChannel(channels);
  // Only a fallback tells what became of the SMS; the other senders are spared the lookup.
  const fallbacks = channelsOfKind(channels, 'fallback');
  const bookingChannels = channelsOfKind(channels, 'booking');
  // A booked call keeps the promise: a reminder of a lead with a call no longer applies. Booking cancels the booking
  // lead's reminders at once; this covers a later lead of the same person (a second send of the form).
  const reminders = channelsOfKind(channels, 'reminder');
  const remindersWhileNoCall =
    (rule: AlertStillApplies): AlertStillApplies =>
    (leadId, channel) => {
      const applies = rule(leadId, channel);
      if (!applies.ok || !reminders.includes(channel) || !deps.hasCall(leadId)) return applies;
      return { ok: false, reason: 'call booked' };
    };
  const runner = createRunner({
    queue,
    channels,
    senders,
    readLead: (id, channel) => {
      const row = leads.get(id);
      if (!row) return undefined;
      const delivery = leadSms && fallbacks.includes(channel) ? queue.deliveryOf(id, leadSms) : undefined;
      const lead = alertLeadOf(row, config.publicUrl, config.ownerTimeZone);
      if (bookingChannels.includes(channel)) return { ...lead, booking: deps.alertBooking(id, row.language) };
      return delivery ? { ...lead, smsDelivery: { status: delivery.state, errorCode: delivery.errorCode } } : lead;
    },
    stillApplies: remindersWhileNoCall(followUpRule(leads, followUpChannels(channels))),
    logger,
    now,
    deadlineMs: attemptDeadlineMs(config),
    retryBaseMs: deps.retry.baseMs,
    maxAttempts: deps.retry.maxAttempts,
    attemptQueued: deps.attemptQueued,
  });
  const receipts = createSmsReceipts({ db, queue, channels, configured: runner.channels, logger, now });
  return {
    senders,
    runner,
    webhook,
    receipts,
    warmSenders: async () => void (await Promise.all([...senders.values()].map((sender) => sender.warm?.()))),
    /** Closes the providers' pooled connections (after the runner stopped). */
    closeProviders: () => closeProviders(providers),
  };
}
