/**
 * Every SQL statement on the owner_links table: the one-time links that let
 * the owner in without a passkey, to register one ('register', printed by
 * `leads owner-link`) or to sign in once ('sign-in', e-mailed to him). Only a
 * hash of each link's token is stored; a link works once, until it expires,
 * and a new link of a purpose voids the older ones of that purpose.
 */
import type { Db } from '../storage/database';

export type LinkPurpose = 'register' | 'sign-in';

export interface OwnerLinksTable {
  /** Stores a new link and voids every older unused one of the same purpose. */
  create(link: { tokenHash: string; purpose: LinkPurpose; createdAt: string; expiresAt: string }): void;
  /** Spends the link if it is unused and unexpired at `now`; false otherwise (nothing changed). */
  spend(tokenHash: string, purpose: LinkPurpose, now: string): boolean;
  /** True while the link could still be spent at `now`. */
  usable(tokenHash: string, purpose: LinkPurpose, now: string): boolean;
  /** When the newest link of this purpose was made, if any. */
  newestCreatedAt(purpose: LinkPurpose): string | undefined;
  /** Deletes links that expired before `before`; returns how many. */
  deleteExpired(before: string): number;
}

export function createOwnerLinksTable(db: Db): OwnerLinksTable {
  const voidOlder = db.prepare<[string, string]>(
    'UPDATE owner_links SET used_at = ? WHERE purpose = ? AND used_at IS NULL',
  );
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO owner_links (token_hash, purpose, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const spend = db.prepare<{ hash: string; purpose: string; now: string }>(
    'UPDATE owner_links SET used_at = @now WHERE token_hash = @hash AND purpose = @purpose AND used_at IS NULL AND expires_at > @now',
  );
  const usable = db.prepare<{ hash: string; purpose: string; now: string }>(
    'SELECT 1 FROM owner_links WHERE token_hash = @hash AND purpose = @purpose AND used_at IS NULL AND expires_at > @now',
  );
  const newest = db.prepare<[string], { created_at: string }>(
    'SELECT created_at FROM owner_links WHERE purpose = ? ORDER BY created_at DESC LIMIT 1',
  );
  const deleteExpired = db.prepare<[string]>('DELETE FROM owner_links WHERE expires_at < ?');
  const create = db.transaction((link: Parameters<OwnerLinksTable['create']>[0]) => {
    voidOlder.run(link.createdAt, link.purpose);
    insert.run(link.tokenHash, link.purpose, link.createdAt, link.expiresAt);
  });
  return {
    create: (link) => create.immediate(link),
    spend: (hash, purpose, now) => spend.run({ hash, purpose, now }).changes === 1,
    usable: (hash, purpose, now) => usable.get({ hash, purpose, now }) !== undefined,
    newestCreatedAt: (purpose) => newest.get(purpose)?.created_at,
    deleteExpired: (before) => deleteExpired.run(before).changes,
  };
}
