/**
 * Where the owner stands with each lead: `new` until marked contacted, won or lost (or back to new, to undo a
 * mistake), from the CLI, the owner's inbox or the signed link of the alert e-mail. Every change is kept with its
 * time. Marking a lead cancels its pending reminder (even one under way); marking it new again re-arms a cancelled
 * reminder while the 24-hour promise is still running. The link only answers a lead still new: it never moves won
 * or lost back to contacted. Follow-ups (reminders, the auto-reply) apply only while the lead is new: the runner
 * asks followUpRule before each attempt.
 */
import type { AlertQueue } from '../alerts/alertQueue';
import { type ChannelSpec, channelsOfKind } from '../alerts/channels';
import type { AlertStillApplies } from '../alerts/runner';
import type { Db } from '../storage/database';
import { iso, REPLY_PROMISE_MS } from '../lib/time';
import type { LeadMarksTable } from './leadMarksTable';
import type { LeadStatus } from './leadStatus';
import type { LeadsTable } from './leadsTable';
import type { UsedLinksTable } from './usedLinksTable';

export type MarkOutcome =
  | { kind: 'marked'; previous: LeadStatus; remindersCancelled: number; remindersRearmed: number }
  | { kind: 'no-such-lead' }
  /** The link did its work before: nothing changed. */
  | { kind: 'link-used'; usedAt: string }
  /** A link for a lead no longer new: nothing changed, and the link is not spent. */
  | { kind: 'already-marked'; status: LeadStatus };

export interface LeadMarkingDeps {
  db: Db;
  leads: LeadsTable;
  marks: LeadMarksTable;
  usedLinks: UsedLinksTable;
  queue: AlertQueue;
  /** The channels of the owner's reminders (src/alerts/channels.ts). */
  reminderChannels: readonly string[];
  followUpAfterMs: number | null;
  now: () => number;
}

/**
 * Who asks for a mark: the CLI or the owner's inbox (any status), or the signed link of an alert
 * e-mail, by its id (each works once, on a lead still new).
 */
export type MarkedBy = 'cli' | 'inbox' | { link: string };

export type LeadMarking = ReturnType<typeof createLeadMarking>;

export function createLeadMarking(deps: LeadMarkingDeps) {
  const { db, leads, marks, usedLinks, queue, reminderChannels, followUpAfterMs, now } = deps;
  const mark = db.transaction((leadId: number, status: LeadStatus, by: MarkedBy): MarkOutcome => {
    const lead = leads.get(leadId);
    const link = typeof by === 'object' ? by.link : undefined;
    if (!lead) return { kind: 'no-such-lead' };
    const at = iso(now());
    if (link !== undefined) {
      const usedAt = usedLinks.usedAt(link);
      if (usedAt !== undefined) return { kind: 'link-used', usedAt };
      // The link answers the alert of a new lead; a lead marked since (won, lost) keeps its mark.
      if (lead.status !== 'new') return { kind: 'already-marked', status: lead.status };
      usedLinks.use(link, at);
    }
    leads.setStatus(leadId, status);
    marks.add({ lead_id: leadId, status, marked_at: at, via: typeof by === 'object' ? 'link' : by });
    let remindersCancelled = 0;
    let remindersRearmed = 0;
    if (status !== 'new') {
      remindersCancelled = queue.cancelPending(leadId, reminderChannels, `lead marked ${status}`);
    } else if (followUpAfterMs !== null) {
      const created = Date.parse(lead.created_at);
      // Only while the promise runs: a reminder after 24 hours would remind of nothing.
      if (now() < created + REPLY_PROMISE_MS) {
        remindersRearmed = queue.reopenCancelled(
          leadId,
          reminderChannels,
          iso(Math.max(now(), created + followUpAfterMs)),
        );
      }
    }
    return { kind: 'marked', previous: lead.status, remindersCancelled, remindersRearmed };
  });
  return {
    mark: (leadId: number, status: LeadStatus, by: MarkedBy = 'cli') => mark.immediate(leadId, status, by),
    /** When a signed link did its work, or undefined while it has not. */
    linkUsedAt: (link: string) => usedLinks.usedAt(link),
  };
}

/** The channels that follow up on a lead the owner has not answered yet: the reminders and the auto-reply. */
export const followUpChannels = (channels: readonly ChannelSpec[]): string[] =>
  channelsOfKind(channels, 'reminder', 'reply');

/** A follow-up applies only while its lead is new; every other alert always does. */
export function followUpRule(leads: Pick<LeadsTable, 'get'>, followUps: readonly string[]): AlertStillApplies {
  return (leadId, channel) => {
    if (!followUps.includes(channel)) return { ok: true };
    const status = leads.get(leadId)?.status;
    // A lead that no longer exists is the sender's failure to report, as for any alert.
    if (status === undefined || status === 'new') return { ok: true };
    return { ok: false, reason: `lead marked ${status}` };
  };
}
