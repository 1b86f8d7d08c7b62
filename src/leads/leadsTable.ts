/**
 * Every SQL statement on the leads table, prepared once. A lead row is
 * written once, by the lead service; its alerts live in the alerts table
 * (src/alerts/alertQueue.ts).
 */
import type { Db } from '../storage/database';

export interface NewLead {
  createdAt: string;
  name: string;
  company: string;
  email: string;
  userAgent: string | null;
  ipHash: string | null;
  dedupeKey: string;
}

export interface LeadRow {
  id: number;
  created_at: string;
  name: string;
  company: string;
  email: string;
  user_agent: string | null;
  ip_hash: string | null;
  dedupe_key: string;
}

export interface LeadsTable {
  /** Inserts the lead (inside the caller's transaction, if any); returns its id. */
  insert(lead: NewLead): number;
  get(id: number): LeadRow | undefined;
  /** The id of the earliest lead with this key created at or after `since`. */
  findDuplicate(dedupeKey: string, since: string): number | undefined;
  /** The `limit` most recent leads, newest first. */
  recent(limit: number): LeadRow[];
  /** Leads created at or after `since` (an ISO time), oldest first. */
  since(since: string): LeadRow[];
  byIds(ids: readonly number[]): LeadRow[];
  /** Throws when the database does not answer. */
  ping(): void;
}

export function createLeadsTable(db: Db): LeadsTable {
  const insert = db.prepare<NewLead>(`
    INSERT INTO leads (created_at, name, company, email, user_agent, ip_hash, dedupe_key)
    VALUES (@createdAt, @name, @company, @email, @userAgent, @ipHash, @dedupeKey)`);
  const get = db.prepare<[number], LeadRow>('SELECT * FROM leads WHERE id = ?');
  const findDuplicate = db.prepare<[string, string], { id: number }>(
    'SELECT id FROM leads WHERE dedupe_key = ? AND created_at >= ? ORDER BY id LIMIT 1',
  );
  const recent = db.prepare<[number], LeadRow>('SELECT * FROM leads ORDER BY id DESC LIMIT ?');
  const since = db.prepare<[string], LeadRow>('SELECT * FROM leads WHERE created_at >= ? ORDER BY id');
  const byIds = db.prepare<[string], LeadRow>('SELECT * FROM leads WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id');
  const ping = db.prepare('SELECT 1');

  return {
    insert: (lead) => Number(insert.run(lead).lastInsertRowid),
    get: (id) => get.get(id),
    findDuplicate: (key, from) => findDuplicate.get(key, from)?.id,
    recent: (limit) => recent.all(limit),
    since: (from) => since.all(from),
    byIds: (ids) => (ids.length === 0 ? [] : byIds.all(JSON.stringify(ids))),
    ping: () => void ping.get(),
  };
}
