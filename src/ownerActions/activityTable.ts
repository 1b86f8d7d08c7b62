/**
 * Every SQL statement on the owner_activity table: what the owner did, to his leads and to his
 * sign-in, and from where (the inbox on which device, the command line, an e-mailed link). A detail
 * never holds an address or a name: an erasure is recorded without the person it erased.
 */
import type { Db } from '../storage/database';

export type OwnerAction =
  | 'signed-in'
  | 'signed-out'
  | 'signed-out-everywhere'
  | 'session-ended'
  | 'sign-in-link-sent'
  | 'register-link-made'
  | 'passkey-added'
  | 'passkey-removed'
  | 'marked'
  | 'released'
  | 'alerts-sent-again'
  | 'webhook-on'
  | 'exported'
  | 'erased'
  | 'content-saved'
  | 'content-published'
  | 'content-restored'
  | 'content-imported'
  | 'content-photo'
  | 'content-thumbnail'
  | 'booking-changed'
  | 'call-cancelled';

export interface ActivityRow {
  id: number;
  at: string;
  action: OwnerAction;
  detail: string;
  /** Where it was done: "inbox, Chrome on Android", "command line", "e-mailed link". */
  source: string;
}

export type ActivityTable = ReturnType<typeof createActivityTable>;

export function createActivityTable(db: Db) {
  const add = db.prepare<Omit<ActivityRow, 'id'>>(
    'INSERT INTO owner_activity (at, action, detail, source) VALUES (@at, @action, @detail, @source)',
  );
  const latest = db.prepare<[number], ActivityRow>('SELECT * FROM owner_activity ORDER BY id DESC LIMIT ?');
  return {
    add: (entry: Omit<ActivityRow, 'id'>) => void add.run(entry),
    /** The `limit` latest entries, newest first. */
    latest: (limit: number) => latest.all(limit),
  };
}
