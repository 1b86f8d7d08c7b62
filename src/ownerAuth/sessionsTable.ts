/**
 * Every SQL statement on the owner_sessions table: the owner's signed-in browsers. A session is
 * known by the SHA-256 hash of its random id (the id itself is only in his cookie), with when it
 * began, when it was last seen, the device it was made on, how he signed in, the passkey that made
 * or signed it in (removing that passkey ends it), and the notice the last action left for the next
 * page.
 */
import type { Db } from '../storage/database';

export interface SessionRow {
  id_hash: string;
  created_at: string;
  last_seen_at: string;
  device: string;
  via: 'passkey' | 'link';
  passkey_id: string | null;
  notice: string | null;
}

export interface SessionsTable {
  add(row: Omit<SessionRow, 'notice'>): void;
  get(idHash: string): SessionRow | undefined;
  /** Newest first. */
  all(): SessionRow[];
  touch(idHash: string, at: string): void;
  remove(idHash: string): boolean;
  /** Ends every session but the one named (none: every one); returns how many ended. */
  removeAll(exceptIdHash?: string): number;
  /** Ends the sessions this passkey made or signed in; returns how many. */
  removeOfPasskey(passkeyId: string): number;
  /** Sets (or, with null, clears) the session's notice. */
  setNotice(idHash: string, notice: string | null): void;
  /** Deletes sessions created before `createdBefore` or last seen before `seenBefore`; returns how many. */
  deleteExpired(createdBefore: string, seenBefore: string): number;
}

export function createSessionsTable(db: Db): SessionsTable {
  const add = db.prepare<Omit<SessionRow, 'notice'>>(`
    INSERT INTO owner_sessions (id_hash, created_at, last_seen_at, device, via, passkey_id)
    VALUES (@id_hash, @created_at, @last_seen_at, @device, @via, @passkey_id)`);
  const get = db.prepare<[string], SessionRow>('SELECT * FROM owner_sessions WHERE id_hash = ?');
  const all = db.prepare<[], SessionRow>('SELECT * FROM owner_sessions ORDER BY created_at DESC');
  const touch = db.prepare<[string, string]>('UPDATE owner_sessions SET last_seen_at = ? WHERE id_hash = ?');
  const remove = db.prepare<[string]>('DELETE FROM owner_sessions WHERE id_hash = ?');
  const removeAll = db.prepare<[string]>('DELETE FROM owner_sessions WHERE id_hash != ?');
  const removeOfPasskey = db.prepare<[string]>('DELETE FROM owner_sessions WHERE passkey_id = ?');
  const setNotice = db.prepare<[string | null, string]>('UPDATE owner_sessions SET notice = ? WHERE id_hash = ?');
  const deleteExpired = db.prepare<[string, string]>(
    'DELETE FROM owner_sessions WHERE created_at < ? OR last_seen_at < ?',
  );
  return {
    add: (row) => void add.run(row),
    get: (hash) => get.get(hash),
    all: () => all.all(),
    touch: (hash, at) => void touch.run(at, hash),
    remove: (hash) => remove.run(hash).changes === 1,
    removeAll: (except) => removeAll.run(except ?? '').changes,
    removeOfPasskey: (passkeyId) => removeOfPasskey.run(passkeyId).changes,
    setNotice: (hash, notice) => void setNotice.run(notice, hash),
    deleteExpired: (createdBefore, seenBefore) => deleteExpired.run(createdBefore, seenBefore).changes,
  };
}
