/**
 * Reads what the database holds about each lead the way an operator would
 * look at it: the lead with its SMS and e-mail alert in sms_* and email_*
 * fields. Tests read the database directly (not through the product's own
 * queries), so a query bug in the product cannot hide itself.
 */
import Database, { type Database as Db } from 'better-sqlite3';
import type { LeadRow } from '../../src/leads/leadsTable';

/** One alert's columns, as the alerts table holds them (null when the lead has no alert on that channel). */
interface AlertColumns {
  status: string | null;
  attempts: number | null;
  last_error: string | null;
  provider_message_id: string | null;
  sent_at: string | null;
  next_attempt_at: string | null;
}
const ALERT_COLUMNS: (keyof AlertColumns)[] = [
  'status',
  'attempts',
  'last_error',
  'provider_message_id',
  'sent_at',
  'next_attempt_at',
];

type Prefixed<P extends string> = { [K in keyof AlertColumns as `${P}_${K}`]: AlertColumns[K] };

/** A lead row with its SMS alert in sms_* and its e-mail alert in email_* fields. */
export type StoredLead = LeadRow & Prefixed<'sms'> & Prefixed<'email'>;

const alertColumns = (ch: string) => ALERT_COLUMNS.map((c) => `${ch}.${c} AS ${ch}_${c}`).join(', ');

const SQL = `
  SELECT leads.*, ${alertColumns('sms')}, ${alertColumns('email')}
  FROM leads
  LEFT JOIN alerts AS sms ON sms.lead_id = leads.id AND sms.channel = 'sms'
  LEFT JOIN alerts AS email ON email.lead_id = leads.id AND email.channel = 'email'
  ORDER BY leads.id`;

/** Every stored lead with its two alerts, oldest first. */
export function readLeadRows(db: Db): StoredLead[] {
  return db.prepare(SQL).all() as StoredLead[];
}

/** The same, from a database file, through a connection of its own (as another process would). */
export function readLeadRowsAt(path: string): StoredLead[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return readLeadRows(db);
  } finally {
    db.close();
  }
}

/** SQLite's own integrity check of a database file ('ok' when nothing is half-written). */
export function integrityAt(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

/** The page_views table of a database file: counts per day and source, through a connection of its own. */
export function readViewsAt(path: string): { day: string; source: string; views: number }[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT day, source, views FROM page_views ORDER BY day, source').all() as {
      day: string;
      source: string;
      views: number;
    }[];
  } finally {
    db.close();
  }
}
