/** A lead as the inbox's pages name and show it. */
import type { Request, Response } from 'express';
import { callHasBegun } from '../../booking/bookingView';
import type { BookingRow } from '../../booking/bookingsTable';
import type { CancelledBy } from '../../contract/booking';
import type { LeadRow } from '../../leads/leadsTable';
import type { LeadDetail } from '../../ownerActions/inboxReads';
import type { LeadCallView, LeadDetailView, LeadListItem, SignedIn } from '../../pages/inbox/views';
import { describeSource, sourceOf } from '../../sources/attribution';
import { sendPage } from './respond';
import type { InboxRouteDeps } from './signInRoutes';

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** A lead row as the owner's lists show it: who, when, from where, the verdict and his status. */
export const listItem = (row: LeadRow): LeadListItem => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  language: row.language,
  createdAt: row.created_at,
  source: describeSource(sourceOf(row)),
  verdict: row.verdict,
  status: row.status,
});

/** Everything the lead's page shows. */
export function leadDetailView({ lead, alerts, marks }: LeadDetail, signedIn: SignedIn, now: number): LeadDetailView {
  return {
    ...signedIn,
    lead: {
      ...listItem(lead),
      verdictReasons: lead.verdict_reasons,
      userAgent: lead.user_agent,
      utm: UTM.flatMap((name) => (lead[name] ? [[name, lead[name]] as [string, string]] : [])),
      referrer: lead.referrer,
    },
    alerts: alerts.map((a) => ({
      channel: a.channel,
      status: a.status,
      attempts: a.attempts,
      // An error matters while the alert is still owed; a cancelled one's reason is its status.
      lastError: a.status === 'failed' || a.status === 'pending' ? a.last_error : null,
      sentAt: a.sent_at,
      delivery: a.delivery ? { state: a.delivery, error: a.delivery_error } : null,
    })),
    marks: marks.map((m) => ({ status: m.status, markedAt: m.marked_at, via: m.via })),
    releasable: lead.verdict !== 'verified',
    now,
  };
}

/** Who cancelled a call, as its row records it ('visitor': the lead, on the booking link). */
const CANCELLED_BY: Record<CancelledBy, 'owner' | 'lead' | 'erasure'> = {
  owner: 'owner',
  visitor: 'lead',
  erasure: 'erasure',
};

/** The lead's call as its page shows it at `now` (ms); undefined when it never booked one. */
export function callView(row: BookingRow | undefined, now: number): LeadCallView | undefined {
  if (!row) return undefined;
  const { starts_at: startsAt, ends_at: endsAt } = row;
  if (row.status === 'booked') return { status: 'booked', startsAt, endsAt, begun: callHasBegun(row, now) };
  const by = CANCELLED_BY[row.cancelled_by ?? 'owner'];
  return { status: 'cancelled', startsAt, endsAt, cancelledAt: row.updated_at, by };
}

/** The lead id of a `/owner/leads/:id` path, or undefined when it is no id. */
export function leadIdOf(req: Request): number | undefined {
  const id = String(req.params.id);
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}

/** The lead's page, or again with what went wrong (400); the inbox's 404 when there is no such lead. */
export function sendLeadPage(deps: InboxRouteDeps, res: Response, id?: number, wrong?: Partial<LeadDetailView>) {
  const detail = id === undefined ? undefined : deps.owner.reads.lead(id);
  if (!detail) return deps.answers.notFound(res);
  const view = leadDetailView(detail, deps.guard.signedIn(res), deps.now());
  const { booking } = deps.owner;
  // A person who sent the form again: their call, booked from another of their leads, shows here too.
  const theirs = booking.callOf(detail.lead.id);
  const call =
    theirs && theirs.lead_id !== detail.lead.id
      ? { status: 'elsewhere' as const, startsAt: theirs.starts_at, endsAt: theirs.ends_at, leadId: theirs.lead_id }
      : callView(booking.ofLead(detail.lead.id), deps.now());
  sendPage(res, wrong ? 400 : 200, deps.pages.lead({ ...view, call, ...wrong }));
}
