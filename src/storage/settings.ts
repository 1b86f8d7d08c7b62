/**
 * The settings table: values the application generates once and keeps, such
 * as a secret an operator did not configure. Every SQL statement on it is here.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './database';

/** The configured secret, or one generated on first use and kept in the database from then on. */
export function storedSecret(db: Db, key: string, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  // Written once: a value stored earlier (by this or another process) always wins.
  writeSettingOnce(db, key, randomBytes(32).toString('hex'));
  return readSetting(db, key) as string;
}

/** The value kept under `key`, if any. */
export function readSetting(db: Db, key: string): string | undefined {
  return (db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

/** Keeps `value` under `key` unless one is there already; true when this call stored it. */
export function writeSettingOnce(db: Db, key: string, value: string): boolean {
  return db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, value).changes === 1;
}

/** Forgets `key`; true when there was a value. */
export function deleteSetting(db: Db, key: string): boolean {
  return db.prepare('DELETE FROM settings WHERE key = ?').run(key).changes === 1;
}
