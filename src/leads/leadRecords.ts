/**
 * The leads as the owner sees them, in the CLI and the inbox's exports: each lead as a flat record of named
 * values, the lead's own fields with its source, its marks and one group of fields per alert channel
 * (`sms_status`, `sms_attempts`, ...), built from the leads table, the marks and the alert queue.
 */
import type { AlertQueue, AlertRow } from '../alerts/alertQueue';
import type { ChannelSpec } from '../alerts/channels';
import type { LeadMarksTable, MarkRow } from './leadMarksTable';
import type { LeadRow, LeadsTable } from './leadsTable';
import { describeSource, sourceOf } from '../sources/attribution';

/**
 * The fields of each channel's group, as `<channel>_<field>`; delivery: the provider's later report (an SMS's
 * receipt).
 */
export const ALERT_FIELDS = [
  'status',
  'attempts',
  'last_error',
  'provider_message_id',
  'sent_at',
  'delivery',
  'delivery_error',
] as const;

/** A lead as the operator sees it: its row, where it came from, its marks, and its alerts' fields. */
export type LeadRecord = LeadRow & { source: string; marks: Omit<MarkRow, 'lead_id'>[] } & Record<string, unknown>;

interface Sources {
  channels: readonly ChannelSpec[];
  queue: AlertQueue;
  marks: LeadMarksTable;
}

/** The names of the channels, in order. */
export const channelNames = (services: Pick<Sources, 'channels'>) => services.channels.map((ch) => ch.name);

function alertFields(channel: string, alert: AlertRow | undefined): Record<string, unknown> {
  return Object.fromEntries(ALERT_FIELDS.map((f) => [`${channel}_${f}`, alert ? alert[f] : null]));
}

/** The leads as records, in the order given. */
export function leadRecords(rows: readonly LeadRow[], services: Sources): LeadRecord[] {
  const ids = rows.map((r) => r.id);
  const alerts = new Map<string, AlertRow>();
  for (const alert of services.queue.ofLeads(ids)) alerts.set(`${alert.lead_id}:${alert.channel}`, alert);
  const marks = new Map<number, Omit<MarkRow, 'lead_id'>[]>();
  for (const { lead_id, ...mark } of services.marks.ofLeads(ids))
    marks.set(lead_id, [...(marks.get(lead_id) ?? []), mark]);
  return rows.map((row) =>
    Object.assign(
      { ...row, source: describeSource(sourceOf(row)), marks: marks.get(row.id) ?? [] },
      ...channelNames(services).map((ch) => alertFields(ch, alerts.get(`${row.id}:${ch}`))),
    ),
  );
}

export interface ChannelStatus {
  channel: string;
  status: string;
  count: number;
}

/** Alert counts per channel (in the channels' order) and status. */
export function alertStatusCounts(queue: AlertQueue, channels: readonly string[]): ChannelStatus[] {
  const rank = (ch: string) => (channels.includes(ch) ? channels.indexOf(ch) : channels.length);
  return queue.countsByStatus().sort((a, b) => rank(a.channel) - rank(b.channel) || a.channel.localeCompare(b.channel));
}

/** Leads with an alert still pending or given up on: what an operator may need to act on. */
export function undeliveredLeads(leads: LeadsTable, services: Sources): LeadRecord[] {
  return leadRecords(leads.byIds(services.queue.undeliveredLeadIds()), services);
}
