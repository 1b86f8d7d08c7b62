/**
 * Queues a stored lead's alerts, inside the lead's transaction: the plan for
 * its verdict (alertPlan.ts), less what the lead already has (so queueing the
 * same lead twice, as a release does, sends nothing twice). The reply only if
 * this address had none in a day; the reminders only while their time is
 * still to come.
 */
import type { AlertQueue } from '../alerts/alertQueue';
import { alwaysPlanned, type ChannelSpec, channelsOfKind } from '../alerts/channels';
import { DAY_MS, iso } from '../time';
import { alertPlan } from './alertPlan';
import type { Verdict } from './grading';

export interface LeadAlertsDeps {
  queue: AlertQueue;
  channels: readonly ChannelSpec[];
  /** The channels with a sender in this process. */
  configured: readonly string[];
  autoReply: boolean;
  /** When a lead still new earns the owner a reminder; null: never. */
  followUpAfterMs: number | null;
  now: () => number;
}

export interface LeadAlerts {
  /**
   * `added`: every alert queued; `dueNow`: those of them to start at once (a reminder waits in the
   * queue for its time). `configured`: the channels to plan as on (default: this process's).
   */
  queue(
    id: number,
    verdict: Verdict,
    email: string,
    createdAt: number,
    configured?: readonly string[],
  ): { added: string[]; dueNow: string[] };
  /** The owner's channels every lead is planned on: queued on release even where this process cannot send them. */
  readonly alwaysPlanned: readonly string[];
}

export function createLeadAlerts({
  queue,
  channels,
  configured,
  autoReply,
  followUpAfterMs,
  now,
}: LeadAlertsDeps): LeadAlerts {
  const replyChannels = channelsOfKind(channels, 'reply');
  return {
    alwaysPlanned: alwaysPlanned(channels),
    queue(id, verdict, email, createdAt, on = configured) {
      const at = now();
      const replyAllowed =
        autoReply && !replyChannels.some((ch) => queue.hasAlertForAddress(ch, email, iso(at - DAY_MS)));
      const remindAt = followUpAfterMs === null ? null : createdAt + followUpAfterMs;
      const due = remindAt !== null && remindAt > at ? iso(remindAt) : null;
      const plan = alertPlan(verdict, { channels, configured: on, replyAllowed, at: iso(at), remindAt: due });
      const added = queue.enqueue(id, plan);
      const dueNow = plan
        .filter((alert) => alert.at === iso(at) && added.includes(alert.channel))
        .map((alert) => alert.channel);
      return { added, dueNow };
    },
  };
}
