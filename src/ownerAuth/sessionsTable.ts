/**
 * Every SQL statement on the owner_sessions table: the owner's signed-in browsers. A session is known by the
 * SHA-256 hash of its random id (the id itself is only in his cookie), with when it began, when it was last seen,
 * the device it was made on, how he signed in, the passkey that made or signed it in (removing that passkey ends
 * it), and the notice the last action left for the next page.
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
  /** The name of the passkey, read with the session (`get`) for the activity to name him by. */
  passkey_name?: string | null;
}

export type SessionsTable = ReturnType<typeof createSessionsTable>;

export function createSessionsTable(db: Db) {
  const add = db.prepare<Omit<SessionRow, 'notice'>>(`
    INSERT INTO owner_sessions (id_hash, created_at, last_seen_at, device, via, passkey_id)
    VALUES (@id_hash, @created_at, @last_seen_at, @device, @via, @passkey_id)`);
  const get = db.prepare<[string], SessionRow>(`
    SELECT s.*, p.name AS passkey_name FROM owner_sessions s LEFT JOIN owner_passkeys p ON p.id = s.passkey_id
    WHERE s.id_hash = ?`);
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
    add: (row: Omit<SessionRow, 'notice'>) => void add.run(row),
    get: (hash: string) => get.get(hash),
    /** Newest first. */
    all: () => all.all(),
    touch: (hash: string, at: string) => void touch.run(at, hash),
    remove: (hash: string) => remove.run(hash).changes === 1,
    /** Ends every session but the one named (none: every one); returns how many ended. */
    removeAll: (exceptHash?: string) => removeAll.run(exceptHash ?? '').changes,
    /** Ends the sessions this passkey made or signed in; returns how many. */
    removeOfPasskey: (passkeyId: string) => removeOfPasskey.run(passkeyId).changes,
    /** Sets (or, with null, clears) the session's notice. */
    setNotice: (hash: string, notice: string | null) => void setNotice.run(notice, hash),
    /** Deletes sessions created before `createdBefore` or last seen before `seenBefore`; returns how many. */
    deleteExpired: (createdBefore: string, seenBefore: string) => deleteExpired.run(createdBefore, seenBefore).changes,
  };
}
