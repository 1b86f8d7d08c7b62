/**
 * The salted hash kept instead of a visitor's IP address. The salt comes from
 * IP_HASH_SALT or, when unset, is generated once and kept in the database, so
 * hashes stay comparable across restarts without anyone choosing a secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './database';

const SALT_KEY = 'ip_hash_salt';

export function loadIpSalt(db: Db, configured: string | undefined): string {
  if (configured !== undefined) return configured;
  // INSERT OR IGNORE: a salt stored earlier always wins, so hashes never change under an operator.
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(SALT_KEY, randomBytes(32).toString('hex'));
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(SALT_KEY) as { value: string };
  return row.value;
}

export function hashIp(salt: string, ip: string | undefined): string | null {
  if (!ip) return null;
  return createHash('sha256').update(salt).update('\0').update(ip).digest('hex');
}
