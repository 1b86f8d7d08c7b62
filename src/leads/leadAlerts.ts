/**
 * Queues a stored lead's alerts, inside the lead's transaction: the plan for its verdict (alertPlan.ts), less what
 * the lead already has (so queueing the same lead twice, as a release does, sends nothing twice). The reply only
 * if this address (its canonical key) had none in a day, and held while the site-wide cap is reached; the
 * reminders only while their time is still to come.
 */
import type { AlertQueue } from '../alerts/alertQueue';
import { alwaysPlanned, type ChannelSpec, channelsOfKind } from '../alerts/channels';
import { DAY_MS, HOUR_MS, iso } from '../lib/time';
import { alertPlan } from './alertPlan';
import type { Verdict } from './grading';
import type { LeadsTable } from './leadsTable';

export interface LeadAlertsDeps {
  queue: AlertQueue;
  leads: Pick<LeadsTable, 'hasAlertForAddress' | 'countAlertsSince'>;
  channels: readonly ChannelSpec[];
  /** The channels with a sender in this process. */
  configured: readonly string[];
  autoReply: boolean;
  /** Site-wide: at most this many auto-replies queued in an hour and in 24 hours; beyond, they are held. */
  autoReplyCap: { perHour: number; perDay: number };
  /** When a lead still new earns the owner a reminder; null: never. */
  followUpAfterMs: number | null;
  /** WEBHOOK_INCLUDE_SPAM: spam is posted to the webhook too. */
  webhookSpam?: boolean;
  now: () => number;
}

export function createLeadAlerts(deps: LeadAlertsDeps) {
  const { queue, leads, channels, autoReply, autoReplyCap, followUpAfterMs, webhookSpam, now } = deps;
  const replyChannels = channelsOfKind(channels, 'reply');

  function replyFor(emailKey: string, at: number): 'send' | 'hold' | 'none' {
    if (!autoReply || leads.hasAlertForAddress(replyChannels, emailKey, iso(at - DAY_MS))) return 'none';
    const over =
      leads.countAlertsSince(replyChannels, iso(at - HOUR_MS)) >= autoReplyCap.perHour ||
      leads.countAlertsSince(replyChannels, iso(at - DAY_MS)) >= autoReplyCap.perDay;
    return over ? 'hold' : 'send';
  }

  return {
    /** The owner's channels every lead is planned on: queued on release even where this process cannot send them. */
    alwaysPlanned: alwaysPlanned(channels),
    /**
     * `added`: every alert queued; `dueNow`: those of them to start at once (a reminder waits in the
     * queue for its time). `configured`: the channels to plan as on (default: this process's).
     */
    queue(
      id: number,
      verdict: Verdict,
      emailKey: string,
      createdAt: number,
      configured = deps.configured,
      released = false,
    ) {
      const at = now();
      const reply = verdict === 'verified' ? replyFor(emailKey, at) : 'none';
      const remindMs = followUpAfterMs === null ? null : createdAt + followUpAfterMs;
      const remindAt = remindMs !== null && remindMs > at ? iso(remindMs) : null;
      const plan = alertPlan(verdict, { channels, configured, reply, at: iso(at), remindAt, webhookSpam, released });
      const added = queue.enqueue(id, plan);
      const dueNow = plan
        .filter((alert) => alert.at === iso(at) && added.includes(alert.channel))
        .map((alert) => alert.channel);
      return { added, dueNow };
    },
  };
}
