/**
 * The owner's privacy duties towards one person, found by e-mail address (any
 * case): everything stored about them, as JSON (a subject access request),
 * and its erasure. Erasing overwrites the deleted rows (secure_delete is on)
 * and then empties the write-ahead log, so neither the database file nor its
 * log keeps the address, not even in freed space. Backups taken before keep it.
 */
import type { LeadPipeline } from '../leads/leadPipeline';
import { describeSource, sourceOf } from '../sources/attribution';
import { truncateWal } from '../storage/database';

export function personalData(pipeline: Pick<LeadPipeline, 'leads' | 'queue' | 'marks'>, email: string, exportedAt: Date): object {
  const rows = pipeline.leads.byEmail(email);
  const ids = rows.map((row) => row.id);
  const alerts = pipeline.queue.ofLeads(ids);
  const marks = pipeline.marks.ofLeads(ids);
  return {
    email,
    exported_at: exportedAt.toISOString(),
    leads: rows.map((row) => ({
      ...row,
      source: describeSource(sourceOf(row)),
      alerts: alerts.filter((a) => a.lead_id === row.id).map(({ lead_id: _, ...alert }) => alert),
      marks: marks.filter((m) => m.lead_id === row.id).map(({ lead_id: _, ...m }) => m),
    })),
  };
}

export interface Erasure {
  leads: number;
  alerts: number;
  marks: number;
  /** False when another connection kept the write-ahead log from being emptied: run it again. */
  logEmptied: boolean;
}

export function eraseByEmail(pipeline: Pick<LeadPipeline, 'db' | 'leads' | 'queue' | 'marks'>, email: string): Erasure {
  const erase = pipeline.db.transaction(() => {
    const ids = pipeline.leads.byEmail(email).map((row) => row.id);
    const counts = { alerts: pipeline.queue.ofLeads(ids).length, marks: pipeline.marks.ofLeads(ids).length };
    return { leads: pipeline.leads.deleteByEmail(email), ...counts };
  });
  const counts = erase.immediate();
  return { ...counts, logEmptied: truncateWal(pipeline.db) };
}
