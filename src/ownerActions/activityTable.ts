/**
 * Every SQL statement on the owner_activity table: what was done in the
 * owner's inbox and to his sign-in (sign-ins, passkeys added or removed,
 * marks, releases, exports, erasures). A detail never holds an address or a
 * name: an erasure is recorded without the person it erased.
 */
import type { Db } from '../storage/database';

export type OwnerAction =
  | 'signed-in'
  | 'signed-out'
  | 'signed-out-everywhere'
  | 'sign-in-link-sent'
  | 'passkey-added'
  | 'passkey-removed'
  | 'marked'
  | 'released'
  | 'alerts-sent-again'
  | 'exported'
  | 'erased';

export interface ActivityRow {
  id: number;
  at: string;
  action: OwnerAction;
  detail: string;
}

export interface ActivityTable {
  add(at: string, action: OwnerAction, detail: string): void;
  /** The `limit` latest entries, newest first. */
  latest(limit: number): ActivityRow[];
}

export function createActivityTable(db: Db): ActivityTable {
  const add = db.prepare<[string, string, string]>('INSERT INTO owner_activity (at, action, detail) VALUES (?, ?, ?)');
  const latest = db.prepare<[number], ActivityRow>('SELECT * FROM owner_activity ORDER BY id DESC LIMIT ?');
  return {
    add: (at, action, detail) => void add.run(at, action, detail),
    latest: (limit) => latest.all(limit),
  };
}
