/**
 * Turns lead rows into what the operator reads or exports: an aligned text
 * table, CSV (RFC 4180) or JSON. Pure functions, no I/O.
 */
import type { LeadView } from './leadReports';

/** The columns an export carries: everything but the internal dedupe key. */
export const EXPORT_COLUMNS = [
  'id', 'created_at', 'name', 'company', 'email', 'user_agent', 'ip_hash',
  'sms_status', 'sms_attempts', 'sms_last_error', 'sms_provider_message_id', 'sms_sent_at',
  'email_status', 'email_attempts', 'email_last_error', 'email_provider_message_id', 'email_sent_at',
  'verdict', 'verdict_reasons',
] as const satisfies readonly (keyof LeadView)[];

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

export function toCsv(rows: readonly LeadView[]): string {
  const lines = [EXPORT_COLUMNS.map(csvCell).join(',')];
  for (const row of rows) lines.push(EXPORT_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: readonly LeadView[]): string {
  const picked = rows.map((row) => Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, row[c]])));
  return `${JSON.stringify(picked, null, 2)}\n`;
}

/** A fixed-width table for the terminal; long values are cut so one lead stays on one line. */
export function toTable<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[], maxWidth = 32): string {
  const cell = (v: unknown) => {
    const text = (v === null || v === undefined ? '' : String(v)).replace(/[\p{Cc}\u2028\u2029]/gu, ' ').replace(/\p{Cf}/gu, ''); // nothing that steers the terminal
    return text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text;
  };
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line([...columns]), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => cell(r[c]))))].join('\n') + '\n';
}
