/**
 * The one-time links that let the owner in without a passkey: one that registers a passkey (printed
 * by `leads owner-link`), one that signs him in once (e-mailed to his address). A link is a random
 * 256-bit token in its URL; the database keeps its SHA-256 hash. A link works once, for 15 minutes,
 * and a new link of a purpose voids the older ones of that purpose.
 */
import { INBOX_PATHS } from '../contract/inbox';
import { iso } from '../lib/time';
import type { LinkPurpose, OwnerLinksTable } from './linksTable';
import { hashToken, newToken } from './sessions';

export type { LinkPurpose };

/** Where the links lead: PUBLIC_URL + this + the token. */
const LINK_PATHS: Record<LinkPurpose, string> = { register: INBOX_PATHS.register, 'sign-in': INBOX_PATHS.signInLink };
const LINK_LIFETIME_MS = 15 * 60_000;

export type Links = ReturnType<typeof createLinks>;

export function createLinks(table: OwnerLinksTable, publicUrl: string, now: () => number) {
  return {
    create(purpose: LinkPurpose) {
      const token = newToken();
      const at = now();
      table.deleteExpired(iso(at - LINK_LIFETIME_MS));
      const expiresAt = iso(at + LINK_LIFETIME_MS);
      table.create({ tokenHash: hashToken(token), purpose, createdAt: iso(at), expiresAt });
      return { url: `${publicUrl}${LINK_PATHS[purpose]}${token}`, expiresAt };
    },
    usable: (token: string, purpose: LinkPurpose) => table.usable(hashToken(token), purpose, iso(now())),
    /** Spends the link: true once, while it is unused and unexpired. */
    spend: (token: string, purpose: LinkPurpose) => table.spend(hashToken(token), purpose, iso(now())),
    /** When the newest link of this purpose was made, if any. */
    newestCreatedAt: table.newestCreatedAt,
  };
}
