/**
 * Every SQL statement on the owner_links table: the one-time links of links.ts, to register a passkey
 * ('register') or to sign in once ('sign-in'). Only a hash of each link's token is stored.
 */
import type { Db } from '../storage/database';

export type LinkPurpose = 'register' | 'sign-in';
type NewLink = { tokenHash: string; purpose: LinkPurpose; createdAt: string; expiresAt: string };

export type OwnerLinksTable = ReturnType<typeof createOwnerLinksTable>;

export function createOwnerLinksTable(db: Db) {
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
  const create = db.transaction((link: NewLink) => {
    voidOlder.run(link.createdAt, link.purpose);
    insert.run(link.tokenHash, link.purpose, link.createdAt, link.expiresAt);
  });
  return {
    /** Stores a new link and voids every older unused one of the same purpose. */
    create: (link: NewLink) => create.immediate(link),
    /** Spends the link if it is unused and unexpired at `now`; false otherwise (nothing changed). */
    spend: (hash: string, purpose: LinkPurpose, now: string) => spend.run({ hash, purpose, now }).changes === 1,
    /** True while the link could still be spent at `now`. */
    usable: (hash: string, purpose: LinkPurpose, now: string) => usable.get({ hash, purpose, now }) !== undefined,
    newestCreatedAt: (purpose: LinkPurpose) => newest.get(purpose)?.created_at,
    deleteExpired: (before: string) => deleteExpired.run(before).changes,
  };
}
