/**
 * Every SQL statement on the owner_passkeys table: the owner's passkeys, each a public key with its credential id,
 * its signature counter, the transports the authenticator named, and the name the owner gave it.
 */
import type { Db } from '../storage/database';

export interface PasskeyRow {
  /** The credential id, base64url. */
  id: string;
  public_key: Buffer;
  counter: number;
  /** JSON array of transports ("internal", "hybrid", ...). */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type PasskeysTable = ReturnType<typeof createPasskeysTable>;

export function createPasskeysTable(db: Db) {
  const add = db.prepare<Omit<PasskeyRow, 'last_used_at'>>(
    'INSERT INTO owner_passkeys (id, public_key, counter, transports, name, created_at) VALUES (@id, @public_key, @counter, @transports, @name, @created_at)',
  );
  const get = db.prepare<[string], PasskeyRow>('SELECT * FROM owner_passkeys WHERE id = ?');
  const all = db.prepare<[], PasskeyRow>('SELECT * FROM owner_passkeys ORDER BY created_at, id');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM owner_passkeys');
  const used = db.prepare<[number, string, string]>(
    'UPDATE owner_passkeys SET counter = ?, last_used_at = ? WHERE id = ?',
  );
  const rename = db.prepare<[string, string]>('UPDATE owner_passkeys SET name = ? WHERE id = ?');
  const remove = db.prepare<[string]>('DELETE FROM owner_passkeys WHERE id = ?');
  return {
    add: (row: Omit<PasskeyRow, 'last_used_at'>) => void add.run(row),
    get: (id: string) => get.get(id),
    all: () => all.all(),
    count: () => count.get()?.n ?? 0,
    /** Records a sign-in: the new counter and the time. */
    used: (id: string, counter: number, at: string) => void used.run(counter, at, id),
    rename: (id: string, name: string) => rename.run(name, id).changes === 1,
    /** Deletes one; false when there is no such passkey. */
    remove: (id: string) => remove.run(id).changes === 1,
  };
}
