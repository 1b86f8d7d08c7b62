/**
 * Every SQL statement on the owner_passkeys table: the owner's passkeys, each
 * a public key with its credential id, its signature counter, the transports
 * the authenticator named, and the name the owner gave it.
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

export interface PasskeysTable {
  add(row: Omit<PasskeyRow, 'last_used_at'>): void;
  get(id: string): PasskeyRow | undefined;
  all(): PasskeyRow[];
  count(): number;
  /** Records a sign-in: the new counter and the time. */
  used(id: string, counter: number, at: string): void;
  rename(id: string, name: string): boolean;
  /** Deletes one; false when there is no such passkey. */
  remove(id: string): boolean;
}

export function createPasskeysTable(db: Db): PasskeysTable {
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
    add: (row) => void add.run(row),
    get: (id) => get.get(id),
    all: () => all.all(),
    count: () => count.get()?.n ?? 0,
    used: (id, counter, at) => void used.run(counter, at, id),
    rename: (id, name) => rename.run(name, id).changes === 1,
    remove: (id) => remove.run(id).changes === 1,
  };
}
