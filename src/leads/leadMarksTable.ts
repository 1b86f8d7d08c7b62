/**
 * Every SQL statement on the lead_marks table: each change of a lead's status
 * by the owner (contacted, won, lost, or back to new), with its time and how
 * it was made (the CLI, the owner's inbox, or a signed link of the alert e-mail).
 */
import type { Db } from '../storage/database';
import type { LeadStatus } from './leadStatus';
import { SOURCE_KEY_SQL } from './leadsTable';

export interface MarkRow {
  lead_id: number;
  status: LeadStatus;
  marked_at: string;
  via: 'cli' | 'link' | 'inbox';
}

export type LeadMarksTable = ReturnType<typeof createLeadMarksTable>;

export function createLeadMarksTable(db: Db) {
  const add = db.prepare<MarkRow>(
    'INSERT INTO lead_marks (lead_id, status, marked_at, via) VALUES (@lead_id, @status, @marked_at, @via)',
  );
  const ofLeads = db.prepare<[string], MarkRow>(
    'SELECT * FROM lead_marks WHERE lead_id IN (SELECT value FROM json_each(?)) ORDER BY lead_id, marked_at, rowid',
  );
  const firstAnswers = db.prepare<[string], { source: string; language: string; created_at: string; first: string }>(`
    SELECT ${SOURCE_KEY_SQL} AS source, leads.language, leads.created_at, MIN(lead_marks.marked_at) AS first
    FROM leads JOIN lead_marks ON lead_marks.lead_id = leads.id AND lead_marks.status <> 'new'
    WHERE leads.created_at >= ? GROUP BY leads.id`);
  return {
    add: (mark: MarkRow) => void add.run(mark),
    ofLeads: (ids: readonly number[]) => (ids.length === 0 ? [] : ofLeads.all(JSON.stringify(ids))),
    /**
     * For leads created at or after `since` and marked since (contacted, won or lost): the report
     * source, the lead's language and the milliseconds from the lead's arrival to its first such mark.
     */
    firstAnswersSince: (since: string) =>
      firstAnswers.all(since).map((r) => ({
        source: r.source,
        language: r.language,
        ms: Date.parse(r.first) - Date.parse(r.created_at),
      })),
  };
}
