/**
 * The owner's privacy duties towards one person, found by the canonical key of their address
 * (src/lib/addressKey.ts: every spelling of one mailbox): everything stored about them, as JSON (a subject access
 * request), and its erasure. Erasing overwrites the deleted rows (secure_delete is on) and then empties the
 * write-ahead log, so neither the database file nor its log keeps the address, not even in freed space; then it
 * reads both files to make sure, rebuilds the file (VACUUM) if a spelling is still there, and says so if even that
 * did not remove it. Backups taken before keep it.
 */
import type { AlertQueue } from '../alerts/alertQueue';
import { storedAddressKey } from '../lib/addressKey';
import { describeSource, sourceOf } from '../sources/attribution';
import { type Db, textsLeftInFiles, truncateWal } from '../storage/database';
import { searchFold } from '../storage/searchText';
import type { LeadMarksTable } from './leadMarksTable';
import type { LeadsTable } from './leadsTable';

interface Tables {
  db: Db;
  leads: LeadsTable;
  queue: AlertQueue;
  marks: LeadMarksTable;
}

export function personalData(services: Omit<Tables, 'db'>, email: string, exportedAt: Date): object {
  const rows = services.leads.byEmailKey(storedAddressKey(email));
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
  /** How many spellings of the address are still in the database's files after everything was tried (0 normally). */
  spellingsLeft: number;
}

export function eraseByEmail(services: Tables, email: string): Erasure {
  const key = storedAddressKey(email);
  const erase = services.db.transaction(() => {
    const rows = services.leads.byEmailKey(key);
    const ids = rows.map((row) => row.id);
    const counts = { alerts: services.queue.ofLeads(ids).length, marks: services.marks.ofLeads(ids).length };
    return { spellings: rows.map((row) => row.email), leads: services.leads.deleteByEmailKey(key), ...counts };
  });
  const { spellings, ...counts } = erase.immediate();
  // Each spelling also as the search's folded copy held it (José@x.example as jose@x.example). A text that is
  // part of another person's address (erasing bob@x.example leaves jbob@x.example) proves nothing.
  const texts = [...new Set([email.trim(), key, ...spellings, ...spellings.map(searchFold)])].filter(
    (text) => !services.leads.addressContains(text),
  );
  let logEmptied = truncateWal(services.db);
  if (logEmptied && textsLeftInFiles(services.db, texts).length > 0) {
    // Only a file some release wrote without secure_delete gets here (the migration rebuilds those,
    // but a copy restored from an old backup would not have been): rebuild it now.
    services.db.exec('VACUUM');
    logEmptied = truncateWal(services.db);
  }
  const spellingsLeft = logEmptied ? textsLeftInFiles(services.db, texts).length : 0;
  return { ...counts, logEmptied, spellingsLeft };
}
