/**
 * The settings table: values the application generates once and keeps, such
 * as a secret an operator did not configure. Every SQL statement on it is here.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './database';

/** The configured secret, or one generated on first use and kept in the database from then on. */
export function storedSecret(db: Db, key: string, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  // INSERT OR IGNORE: a value stored earlier (by this or another process) always wins.
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, randomBytes(32).toString('hex'));
  return (db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string }).value;
}
