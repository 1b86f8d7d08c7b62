/**
 * What the operator's CLI shows of the leads: each lead with its alerts
 * flattened into sms_* and email_* fields (the columns `list`, `export` and
 * `status` have always shown), built from the leads table and the alert queue.
 */
import type { AlertQueue, AlertRow, AlertStatus } from '../alerts/alertQueue';
import { ALERT_CHANNELS } from '../alerts/senders';
import type { LeadRow, LeadsTable } from '../leads/leadsTable';

type AlertFields<P extends string> = {
  [K in `${P}_status`]: AlertStatus | null;
} & { [K in `${P}_attempts`]: number | null } & {
  [K in `${P}_last_error` | `${P}_provider_message_id` | `${P}_sent_at` | `${P}_next_attempt_at`]: string | null;
};

/** A lead as the operator sees it. */
export type LeadView = LeadRow & AlertFields<'sms'> & AlertFields<'email'>;

const FIELDS = ['status', 'attempts', 'last_error', 'provider_message_id', 'sent_at', 'next_attempt_at'] as const;

function flatten(channel: string, alert: AlertRow | undefined): Record<string, unknown> {
  return Object.fromEntries(FIELDS.map((f) => [`${channel}_${f}`, alert ? alert[f] : null]));
}

/** The leads with their owner alerts, in the order given. */
export function withAlerts(rows: readonly LeadRow[], queue: AlertQueue): LeadView[] {
  const alerts = new Map<string, AlertRow>();
  for (const alert of queue.ofLeads(rows.map((r) => r.id))) alerts.set(`${alert.lead_id}:${alert.channel}`, alert);
  return rows.map((row) =>
    Object.assign({}, row, ...ALERT_CHANNELS.map((ch) => flatten(ch, alerts.get(`${row.id}:${ch}`)))) as LeadView,
  );
}

export interface ChannelStatus {
  channel: string;
  status: string;
  count: number;
}

/** Alert counts per channel (owner channels first, in their order) and status. */
export function alertStatusCounts(queue: AlertQueue): ChannelStatus[] {
  const rank = (ch: string) => (ALERT_CHANNELS.includes(ch) ? ALERT_CHANNELS.indexOf(ch) : ALERT_CHANNELS.length);
  return queue.countsByStatus().sort((a, b) => rank(a.channel) - rank(b.channel) || a.channel.localeCompare(b.channel));
}

/** Leads with an alert still pending or given up on: what an operator may need to act on. */
export function undeliveredLeads(leads: LeadsTable, queue: AlertQueue): LeadView[] {
  return withAlerts(leads.byIds(queue.undeliveredLeadIds()), queue);
}
