/**
 * Every SQL statement on the leads table, prepared once. A lead row is written by the lead service; the operator
 * may change its verdict (release) later. Its alerts live in the alerts table (src/alerts/alertQueue.ts).
 */
import type { LeadSource } from '../sources/attribution';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../storage/database';
import { leadSearchText, searchFold } from '../storage/searchText';
import type { Verdict } from './grading';
import type { InboxQuery, LeadRow, NewLead } from './leadRow';
import type { LeadStatus } from './leadStatus';

export type { InboxQuery, LeadRow, NewLead } from './leadRow';

/** A lead row's columns, in the table's order; search_text is left out: it is only the search's copy. */
const ROW_COLUMNS = `id, created_at, name, company, email, user_agent, ip_hash, dedupe_key, verdict, verdict_reasons, status,
  utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, email_key, language`;

/** The key leads and page views are grouped by in a report: the UTM source, else the referrer's host. */
export const SOURCE_KEY_SQL = "lower(COALESCE(utm_source, referrer, 'unknown'))";

export type LeadsTable = ReturnType<typeof createLeadsTable>;

export function createLeadsTable(db: Db) {
  const insert = db.prepare<Omit<NewLead, 'source'> & LeadSource & { searchText: string }>(`
    INSERT INTO leads (created_at, name, company, email, email_key, user_agent, ip_hash, dedupe_key, verdict,
                       verdict_reasons, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer,
                       search_text, language)
    VALUES (@createdAt, @name, @company, @email, @emailKey, @userAgent, @ipHash, @dedupeKey, @verdict,
            @verdictReasons, @utm_source, @utm_medium, @utm_campaign, @utm_term, @utm_content, @referrer,
            @searchText, @language)`);
  const get = db.prepare<[number], LeadRow>(`SELECT ${ROW_COLUMNS} FROM leads WHERE id = ?`);
  const findDuplicate = db.prepare<[string, string], { id: number }>(
    'SELECT id FROM leads WHERE dedupe_key = ? AND created_at >= ? ORDER BY id LIMIT 1',
  );
  const countFromAddress = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM leads WHERE email_key = ? AND created_at >= ?',
  );
  const setVerdict = db.prepare<[Verdict, string, number]>(
    'UPDATE leads SET verdict = ?, verdict_reasons = ? WHERE id = ?',
  );
  const setStatus = db.prepare<[LeadStatus, number]>('UPDATE leads SET status = ? WHERE id = ?');
  const byEmailKey = db.prepare<[string], LeadRow>(`SELECT ${ROW_COLUMNS} FROM leads WHERE email_key = ? ORDER BY id`);
  const deleteByEmailKey = db.prepare<[string]>('DELETE FROM leads WHERE email_key = ?');
  const addressContains = db.prepare<[string, string]>(
    'SELECT 1 FROM leads WHERE instr(email, ?) > 0 OR instr(email_key, ?) > 0 LIMIT 1',
  );
  const perSource = db.prepare<[string], { source: string; language: string; verdict: Verdict; leads: number }>(`
    SELECT ${SOURCE_KEY_SQL} AS source, language, verdict, COUNT(*) AS leads FROM leads
    WHERE created_at >= ? GROUP BY source, language, verdict ORDER BY source, language, verdict`);
  const recent = db.prepare<[number], LeadRow>(`SELECT ${ROW_COLUMNS} FROM leads ORDER BY id DESC LIMIT ?`);
  const recentWithVerdict = db.prepare<[Verdict, number], LeadRow>(
    `SELECT ${ROW_COLUMNS} FROM leads WHERE verdict = ? ORDER BY id DESC LIMIT ?`,
  );
  // One statement per combination of filters, prepared on first use: a condition written as
  // `(@x IS NULL OR ...)` would keep SQLite from using the status index or the search index.
  const inboxStatements = new Map<string, Statement<Record<string, string | number>, LeadRow>>();
  const inboxStatement = (q: InboxQuery, search: 'index' | 'scan' | undefined) => {
    const key = `${q.status !== undefined}${q.verdict !== undefined}${q.before !== undefined}${search}`;
    let statement = inboxStatements.get(key);
    if (!statement) {
      const where = [
        q.status !== undefined && 'status = @status',
        q.verdict !== undefined && 'verdict = @verdict',
        q.before !== undefined && 'id < @before',
        // The trigram index finds a text of 3 characters or more; a shorter one is looked for row by row.
        search === 'index' && 'id IN (SELECT rowid FROM leads_search WHERE leads_search MATCH @search)',
        search === 'scan' && 'instr(search_text, @search) > 0',
      ].filter(Boolean);
      const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      statement = db.prepare(`SELECT ${ROW_COLUMNS} FROM leads ${filter} ORDER BY id DESC LIMIT @limit`);
      inboxStatements.set(key, statement);
    }
    return statement;
  };
  const since = db.prepare<[string], LeadRow>(`SELECT ${ROW_COLUMNS} FROM leads WHERE created_at >= ? ORDER BY id`);
  const byIds = db.prepare<[string], LeadRow>(
    `SELECT ${ROW_COLUMNS} FROM leads WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const deleteOlder = db.prepare<{ before: string; verdict: Verdict | null; keep: string }>(`
    DELETE FROM leads WHERE created_at < @before AND (@verdict IS NULL OR verdict = @verdict)
      AND id NOT IN (SELECT value FROM json_each(@keep))`);
  // Questions about leads that their alerts answer: the walk follows the leads' indexes (address key,
  // verdict and time) and looks each alert up by its key, with no scan of the alerts table.
  const forAddress = db.prepare<[string, string, string]>(`
    SELECT 1 FROM leads JOIN alerts ON alerts.lead_id = leads.id
    WHERE leads.email_key = ? AND leads.created_at >= ? AND alerts.channel IN (SELECT value FROM json_each(?))
    LIMIT 1`);
  const alertsSince = db.prepare<[string, string], { n: number }>(`
    SELECT COUNT(*) AS n FROM leads JOIN alerts ON alerts.lead_id = leads.id
    WHERE leads.verdict = 'verified' AND leads.created_at >= ?
      AND alerts.channel IN (SELECT value FROM json_each(?)) AND alerts.status IN ('pending', 'sent', 'failed')`);
  // Without FTS5's secure-delete (which an older sqlite3 shell cannot read, storage/searchTextMigration.ts), a
  // deleted lead's trigrams stay in the index's older segments behind a delete marker; merging all segments
  // into one drops them, and secure_delete overwrites the pages they were on. It rewrites the whole index:
  // a fraction of a second at 100,000 leads, paid only when leads were deleted.
  const mergeSearch = db.prepare("INSERT INTO leads_search (leads_search) VALUES ('optimize')");
  const merged = (deleted: number) => {
    if (deleted > 0) mergeSearch.run();
    return deleted;
  };
  const ping = db.prepare('SELECT 1');

  return {
    /** Inserts the lead (inside the caller's transaction, if any); returns its id. */
    insert: ({ source, ...lead }: NewLead) =>
      Number(insert.run({ ...lead, ...source, searchText: leadSearchText(lead) }).lastInsertRowid),
    get: (id: number) => get.get(id),
    /** The id of the earliest lead with this key created at or after `from`. */
    findDuplicate: (key: string, from: string) => findDuplicate.get(key, from)?.id,
    /** How many leads with this address key were stored at or after `from`. */
    countFromAddress: (key: string, from: string) => countFromAddress.get(key, from)?.n ?? 0,
    setVerdict: (id: number, verdict: Verdict, reasons: string) => void setVerdict.run(verdict, reasons, id),
    setStatus: (id: number, status: LeadStatus) => void setStatus.run(status, id),
    /** Every lead with this address key, oldest first. */
    byEmailKey: (key: string) => byEmailKey.all(key),
    /** Deletes every lead with this address key, with its alerts, marks and search terms; returns how many leads. */
    deleteByEmailKey: (key: string) => merged(deleteByEmailKey.run(key).changes),
    /**
     * True when a stored address (as typed, or its key) contains this text: another person's, which a byte check
     * must not mistake for a leftover.
     */
    addressContains: (text: string) => addressContains.get(text, text) !== undefined,
    /** Leads per report source, language and verdict, created at or after `from`. */
    perSourceSince: (from: string) => perSource.all(from),
    /** The `limit` most recent leads, newest first. */
    recent: (limit: number) => recent.all(limit),
    recentWithVerdict: (verdict: Verdict, limit: number) => recentWithVerdict.all(verdict, limit),
    /** The inbox's page of leads, newest first. */
    inbox(q: InboxQuery) {
      const text = searchFold(q.search ?? '').trim();
      const search = text === '' ? undefined : [...text].length >= 3 ? 'index' : 'scan';
      const params: Record<string, string | number> = { limit: q.limit };
      if (q.status !== undefined) params.status = q.status;
      if (q.verdict !== undefined) params.verdict = q.verdict;
      if (q.before !== undefined) params.before = q.before;
      // A phrase of trigrams: the folded text as it is, found anywhere in a lead's search text.
      if (search === 'index') params.search = `"${text.replaceAll('"', '""')}"`;
      if (search === 'scan') params.search = text;
      return inboxStatement(q, search).all(params);
    },
    /** Leads created at or after `from` (an ISO time), oldest first. */
    since: (from: string) => since.all(from),
    byIds: (ids: readonly number[]) => (ids.length === 0 ? [] : byIds.all(JSON.stringify(ids))),
    /** True when a lead with this address key, stored at or after `from`, has an alert on one of these channels. */
    hasAlertForAddress: (channels: readonly string[], key: string, from: string) =>
      forAddress.get(key, from, JSON.stringify(channels)) !== undefined,
    /** Alerts of these channels queued (pending, sent or failed) for verified leads since `from`: what a cap counts. */
    countAlertsSince: (channels: readonly string[], from: string) =>
      alertsSince.get(from, JSON.stringify(channels))?.n ?? 0,
    /**
     * Deletes leads created before `before` (all, or this verdict's) but those in `keep`, alerts and search terms
     * too; how many.
     */
    deleteOlderThan: (before: string, verdict?: Verdict, keep: readonly number[] = []) =>
      merged(deleteOlder.run({ before, verdict: verdict ?? null, keep: JSON.stringify(keep) }).changes),
    /** Throws when the database does not answer. */
    ping: () => void ping.get(),
  };
}
