/**
 * Every SQL statement on the owner_sessions table: the owner's signed-in
 * browsers. A session is known by the SHA-256 hash of its random id (the id
 * itself is only in his cookie), with when it began, when it was last seen,
 * the device it was made on and how he signed in.
 */
import type { Db } from '../storage/database';

export interface SessionRow {
  id_hash: string;
  created_at: string;
  last_seen_at: string;
  device: string;
  via: 'passkey' | 'link';
}

export interface SessionsTable {
  add(row: SessionRow): void;
  get(idHash: string): SessionRow | undefined;
  /** Newest first. */
  all(): SessionRow[];
  touch(idHash: string, at: string): void;
  remove(idHash: string): boolean;
  /** Ends every session; returns how many there were. */
  removeAll(): number;
  /** Deletes sessions created before `createdBefore` or last seen before `seenBefore`; returns how many. */
  deleteExpired(createdBefore: string, seenBefore: string): number;
}

export function createSessionsTable(db: Db): SessionsTable {
  const add = db.prepare<SessionRow>(
    'INSERT INTO owner_sessions (id_hash, created_at, last_seen_at, device, via) VALUES (@id_hash, @created_at, @last_seen_at, @device, @via)',
  );
  const get = db.prepare<[string], SessionRow>('SELECT * FROM owner_sessions WHERE id_hash = ?');
  const all = db.prepare<[], SessionRow>('SELECT * FROM owner_sessions ORDER BY created_at DESC');
  const touch = db.prepare<[string, string]>('UPDATE owner_sessions SET last_seen_at = ? WHERE id_hash = ?');
  const remove = db.prepare<[string]>('DELETE FROM owner_sessions WHERE id_hash = ?');
  const removeAll = db.prepare('DELETE FROM owner_sessions');
  const deleteExpired = db.prepare<[string, string]>(
    'DELETE FROM owner_sessions WHERE created_at < ? OR last_seen_at < ?',
  );
  return {
    add: (row) => void add.run(row),
    get: (hash) => get.get(hash),
    all: () => all.all(),
    touch: (hash, at) => void touch.run(at, hash),
    remove: (hash) => remove.run(hash).changes === 1,
    removeAll: () => removeAll.run().changes,
    deleteExpired: (createdBefore, seenBefore) => deleteExpired.run(createdBefore, seenBefore).changes,
  };
}
