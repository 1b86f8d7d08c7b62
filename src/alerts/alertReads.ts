/**
 * The alerts table read for reports: a person's alerts, the leads still waiting for one, the counts per channel and
 * status, and the providers' reports. Apart from alertQueue.ts, which writes an alert's life, and part of its
 * interface: every SQL statement on the alerts table is in one of the two.
 */
import type { Db } from '../storage/database';
import type { AlertRow, AlertStatus, Channel } from './alertRows';

export function alertReads(db: Db) {
  const ofLeads = db.prepare<[string], AlertRow>(
    'SELECT * FROM alerts WHERE lead_id IN (SELECT value FROM json_each(?)) ORDER BY lead_id, channel',
  );
  const undelivered = db.prepare<[], { lead_id: number }>(
    "SELECT DISTINCT lead_id FROM alerts WHERE status IN ('pending', 'failed') ORDER BY lead_id",
  );
  const counts = db.prepare<[], { channel: Channel; status: AlertStatus; count: number }>(
    'SELECT channel, status, COUNT(*) AS count FROM alerts GROUP BY channel, status ORDER BY channel, status',
  );
  const deliveries = db.prepare<[], { channel: Channel; delivery: string; error: string | null; count: number }>(`
    SELECT channel, delivery, delivery_error AS error, COUNT(*) AS count FROM alerts WHERE delivery IS NOT NULL
    GROUP BY channel, delivery, delivery_error ORDER BY channel, delivery, delivery_error`);

  return {
    ofLeads: (leadIds: readonly number[]): AlertRow[] =>
      leadIds.length === 0 ? [] : ofLeads.all(JSON.stringify(leadIds)),
    /** Lead ids with an alert still pending or given up on, oldest first. */
    undeliveredLeadIds: () => undelivered.all().map((r) => r.lead_id),
    countsByStatus: () => counts.all(),
    /** The providers' reports on sent alerts, counted per channel, report and error code. */
    countsByDelivery: () => deliveries.all(),
  };
}
