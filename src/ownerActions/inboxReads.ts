/**
 * What the owner's inbox shows, read for its pages: the leads (filtered, searched, a page at a time), one lead
 * with its alerts and marks, the spam, the alerts still owed, where leads come from, his activity, his passkeys
 * and sessions. Reads change nothing and write no activity; the HTTP layer turns them into the pages' views.
 */
import type { AlertQueue, AlertRow } from '../alerts/alertQueue';
import type { ChannelSpec } from '../alerts/channels';
import { iso } from '../lib/time';
import type { LeadMarking } from '../leads/leadMarking';
import type { LeadMarksTable, MarkRow } from '../leads/leadMarksTable';
import type { InboxQuery, LeadRow, LeadsTable } from '../leads/leadsTable';
import { readSourceReport } from '../leads/sourceReport';
import { withoutControls } from '../storage/searchText';
import type { PasskeysTable } from '../ownerAuth/passkeysTable';
import type { Sessions } from '../ownerAuth/sessions';
import type { PageViewsTable } from '../sources/pageViewsTable';
import type { Activity } from './activity';

export interface LeadDetail {
  lead: LeadRow;
  /** In the channels' order. */
  alerts: AlertRow[];
  marks: MarkRow[];
}

export interface InboxReadsDeps {
  leads: LeadsTable;
  marks: LeadMarksTable;
  queue: AlertQueue;
  channels: readonly ChannelSpec[];
  pageViews: PageViewsTable;
  passkeys: PasskeysTable;
  sessions: Sessions;
  activity: Activity;
  marking: Pick<LeadMarking, 'linkUsedAt'>;
  now: () => number;
}

const SEARCH_MAX = 100;

/** The search as typed, less what no name, company or address holds (control characters). */
export const searchText = (value: unknown) =>
  typeof value === 'string' ? withoutControls(value).trim().slice(0, SEARCH_MAX) : '';

export function createInboxReads(deps: InboxReadsDeps) {
  const { leads, marks, queue, now } = deps;
  const order = deps.channels.map((ch) => ch.name);
  const rank = (channel: string) => (order.includes(channel) ? order.indexOf(channel) : order.length);

  /** A reminder waiting for its time is planned, not owed: it is owed once it is due or has failed an attempt. */
  const owed = (alert: AlertRow, at: string) =>
    alert.status === 'failed' ||
    (alert.status === 'pending' &&
      (alert.attempts > 0 || (alert.next_attempt_at !== null && alert.next_attempt_at <= at)));

  return {
    leads: (query: InboxQuery) => leads.inbox(query),
    lead(id: number): LeadDetail | undefined {
      const lead = leads.get(id);
      if (!lead) return undefined;
      const alerts = queue.ofLeads([id]).sort((a, b) => rank(a.channel) - rank(b.channel));
      return { lead, alerts, marks: marks.ofLeads([id]) };
    },
    /** The lead alone, without its alerts and marks. */
    leadRow: (id: number) => leads.get(id),
    spam: (limit: number) => leads.recentWithVerdict('spam', limit),
    /** Alerts still owed (failed, or pending and due or tried), newest lead first, with their leads' names. */
    owedAlerts(limit: number) {
      const ids = queue.undeliveredLeadIds().slice(-limit).reverse();
      const names = new Map(leads.byIds(ids).map((row) => [row.id, row.name]));
      const at = iso(now());
      const alerts = queue.ofLeads(ids).filter((alert) => owed(alert, at));
      alerts.sort((a, b) => b.lead_id - a.lead_id || a.channel.localeCompare(b.channel));
      return { alerts, names };
    },
    sources: (days: number) => readSourceReport(deps, days, now()),
    activity: deps.activity.latest,
    passkeys: deps.passkeys.all,
    sessions: deps.sessions.list,
    /** When the signed "Mark as contacted" link with this id did its work, or undefined while it has not. */
    markLinkUsedAt: deps.marking.linkUsedAt,
  };
}
