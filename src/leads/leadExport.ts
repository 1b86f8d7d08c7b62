/**
 * Leads as the owner takes them away: CSV (RFC 4180) or JSON of every lead with its source, marks and alerts, the
 * same from the CLI's `export` and the inbox's download. Pure functions, no I/O.
 */
import { ALERT_FIELDS, type LeadRecord } from './leadRecords';

/**
 * The columns an export carries, in order: the lead (with its language tag), its status and verdict,
 * where it came from, its marks, then one group per alert channel. Everything but the internal dedupe key.
 */
export function exportColumns(channels: readonly string[]): string[] {
  // biome-ignore format: one group of columns per line
  return [
    'id', 'created_at', 'name', 'company', 'email', 'language', 'status', 'verdict', 'verdict_reasons',
    'source', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer',
    'marks', 'user_agent', 'ip_hash',
    ...channels.flatMap((ch) => ALERT_FIELDS.map((f) => `${ch}_${f}`)),
  ];
}

/** A lead's marks in one cell: "contacted 2026-03-04T10:00:00.000Z (link); won ...". */
const marksText = (marks: LeadRecord['marks']) => marks.map((m) => `${m.status} ${m.marked_at} (${m.via})`).join('; ');

/**
 * Lead values come from strangers. Every field is quoted, so no separator inside a value splits
 * it, in a comma or a semicolon locale alike. A formula trigger (= + - @ TAB CR) at the start of
 * the value, or right after a , ; | or TAB (which a reader with another separator or a careless
 * re-import could treat as a cell boundary), is defused with a leading apostrophe.
 */
function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const defused = text.replace(/(^|[,;|\t])([=+\-@\t\r])/g, "$1'$2");
  return `"${defused.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly LeadRecord[], columns: readonly string[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows)
    lines.push(columns.map((c) => csvCell(c === 'marks' ? marksText(row.marks) : row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: readonly LeadRecord[], columns: readonly string[]): string {
  const picked = rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])));
  return `${JSON.stringify(picked, null, 2)}\n`;
}
