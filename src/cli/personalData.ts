/**
 * The owner's privacy duties towards one person, found by e-mail address (any
 * case): everything stored about them, as JSON (a subject access request),
 * and its erasure. Erasing overwrites the deleted rows (secure_delete is on)
 * and then empties the write-ahead log, so neither the database file nor its
 * log keeps the address, not even in freed space. Backups taken before keep it.
 */
import type { Services } from '../services';
import { describeSource, sourceOf } from '../sources/attribution';
import { truncateWal } from '../storage/database';

export function personalData(
  services: Pick<Services, 'leads' | 'queue' | 'marks'>,
  email: string,
  exportedAt: Date,
): object {
  const rows = services.leads.byEmail(email);
  const ids = rows.map((row) => row.id);
  const alerts = services.queue.ofLeads(ids);
  const marks = services.marks.ofLeads(ids);
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

export function eraseByEmail(services: Pick<Services, 'db' | 'leads' | 'queue' | 'marks'>, email: string): Erasure {
  const erase = services.db.transaction(() => {
    const ids = services.leads.byEmail(email).map((row) => row.id);
    const counts = { alerts: services.queue.ofLeads(ids).length, marks: services.marks.ofLeads(ids).length };
    return { leads: services.leads.deleteByEmail(email), ...counts };
  });
  const counts = erase.immediate();
  return { ...counts, logEmptied: truncateWal(services.db) };
}
