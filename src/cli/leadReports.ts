/**
 * Read-only views of the leads table for the operator's command-line tool:
 * recent leads, all leads since a date, and the alert status of each channel.
 */
import type { Db } from '../storage/database';
import { CHANNELS, type LeadRow } from '../storage/leadStore';

export function recentLeads(db: Db, limit: number): LeadRow[] {
  return db.prepare<[number], LeadRow>('SELECT * FROM leads ORDER BY id DESC LIMIT ?').all(limit);
}

/** All leads created at or after `since` (an ISO time), oldest first. */
export function leadsSince(db: Db, since: string): LeadRow[] {
  return db.prepare<[string], LeadRow>('SELECT * FROM leads WHERE created_at >= ? ORDER BY id').all(since);
}

export interface ChannelStatus {
  channel: string;
  status: string;
  count: number;
}

export function alertStatusCounts(db: Db): ChannelStatus[] {
  return CHANNELS.flatMap((ch) =>
    db
      .prepare<[], { status: string; count: number }>(`SELECT ${ch}_status AS status, COUNT(*) AS count FROM leads GROUP BY 1 ORDER BY 1`)
      .all()
      .map((row) => ({ channel: ch, ...row })),
  );
}

/** Leads with an alert still pending or given up on: what an operator may need to act on. */
export function undeliveredLeads(db: Db): LeadRow[] {
  return db
    .prepare<[], LeadRow>(
      "SELECT * FROM leads WHERE sms_status IN ('pending', 'failed') OR email_status IN ('pending', 'failed') ORDER BY id",
    )
    .all();
}
