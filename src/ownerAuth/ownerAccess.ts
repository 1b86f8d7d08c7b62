/**
 * Who may open the owner's inbox: his one-time links, his sessions and the
 * record of what was done. A link or session is a random 256-bit token that
 * only the owner's browser (or his e-mail) holds; the database keeps its
 * SHA-256 hash, so a copy of the file signs nobody in. A session ends at
 * sign-out, after OWNER_SESSION_IDLE_HOURS unused, or OWNER_SESSION_MAX_DAYS
 * after it began, whichever comes first.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { describeSendError } from '../alerts/alertSender';
import type { MailTransport } from '../alerts/emailSender';
import { signInMail } from './signInMail';
import type { Logger } from '../lib/logger';
import { OWNER_PATHS } from '../contract/inbox';
import { iso } from '../lib/time';
import type { ActivityTable, OwnerAction } from '../ownerActions/activityTable';
import type { LinkPurpose, OwnerLinksTable } from './linksTable';
import type { SessionRow, SessionsTable } from './sessionsTable';

/** Where the links lead: PUBLIC_URL + this + the token. */
const LINK_PATHS: Record<LinkPurpose, string> = { register: OWNER_PATHS.register, 'sign-in': OWNER_PATHS.signInLink };
const LINK_LIFETIME_MS = 15 * 60_000;
/** At most one e-mailed sign-in link in this time, whoever asks. */
const SIGN_IN_MAIL_INTERVAL_MS = 10 * 60_000;
/** A session's last-seen time is written at most this often (not on every page). */
const TOUCH_EVERY_MS = 60_000;

export interface OwnerSession extends SessionRow {
  /** The token every state-changing form of this session carries. */
  csrf: string;
}

export interface OwnerAccessDeps {
  links: OwnerLinksTable;
  sessions: SessionsTable;
  activity: ActivityTable;
  publicUrl: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** The owner's mail (SMTP) with his address, when e-mail is configured. */
  mail: { transport: MailTransport; from: string; to: string } | undefined;
  logger: Logger;
  now: () => number;
}

type SignInMailOutcome = 'sent' | 'too-soon' | 'no-email' | 'failed';

export interface OwnerAccess {
  newLink(purpose: LinkPurpose): { url: string; expiresAt: string };
  linkUsable(token: string, purpose: LinkPurpose): boolean;
  /** Spends the link: true once, while it is unused and unexpired. */
  spendLink(token: string, purpose: LinkPurpose): boolean;
  /** A new session; its id goes into the cookie and nowhere else. */
  startSession(device: string, via: SessionRow['via']): string;
  /** The session this id names while it is valid (its last-seen time renewed), else undefined. */
  session(id: string | undefined): OwnerSession | undefined;
  endSession(id: string): void;
  /** Ends every session; returns how many there were. */
  endAllSessions(): number;
  sessions(): SessionRow[];
  /** E-mails a sign-in link to ALERT_EMAIL_TO, at most once per SIGN_IN_MAIL_INTERVAL_MS. */
  mailSignInLink(): Promise<SignInMailOutcome>;
  record(action: OwnerAction, detail?: string): void;
  /** True when `token` is this session's form token. */
  csrfMatches(session: OwnerSession, token: unknown): boolean;
}

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
// Derived from the session id, which only the cookie holds: the stored hash does not give it away.
const csrfOf = (id: string) => createHash('sha256').update(`form-token:${id}`, 'utf8').digest('base64url');

export function createOwnerAccess(deps: OwnerAccessDeps): OwnerAccess {
  const { links, sessions, activity, publicUrl, sessionIdleMs, sessionMaxMs, mail, logger, now } = deps;
  const expired = (row: SessionRow, at: number) =>
    Date.parse(row.created_at) + sessionMaxMs <= at || Date.parse(row.last_seen_at) + sessionIdleMs <= at;
  const record: OwnerAccess['record'] = (action, detail = '') => activity.add(iso(now()), action, detail);

  const newLink: OwnerAccess['newLink'] = (purpose) => {
    const token = newToken();
    const at = now();
    links.deleteExpired(iso(at - LINK_LIFETIME_MS));
    const expiresAt = iso(at + LINK_LIFETIME_MS);
    links.create({ tokenHash: hash(token), purpose, createdAt: iso(at), expiresAt });
    return { url: `${publicUrl}${LINK_PATHS[purpose]}${token}`, expiresAt };
  };

  return {
    newLink,
    linkUsable: (token, purpose) => links.usable(hash(token), purpose, iso(now())),
    spendLink: (token, purpose) => links.spend(hash(token), purpose, iso(now())),
    startSession(device, via) {
      const id = newToken();
      const at = now();
      sessions.deleteExpired(iso(at - sessionMaxMs), iso(at - sessionIdleMs));
      sessions.add({ id_hash: hash(id), created_at: iso(at), last_seen_at: iso(at), device, via });
      return id;
    },
    session(id) {
      if (typeof id !== 'string' || id.length < 40 || id.length > 64) return undefined;
      const row = sessions.get(hash(id));
      if (!row) return undefined;
      const at = now();
      if (expired(row, at)) {
        sessions.remove(row.id_hash);
        return undefined;
      }
      if (at - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) sessions.touch(row.id_hash, iso(at));
      return { ...row, csrf: csrfOf(id) };
    },
    endSession: (id) => void sessions.remove(hash(id)),
    endAllSessions: () => sessions.removeAll(),
    sessions: () => sessions.all().filter((row) => !expired(row, now())),
    async mailSignInLink() {
      if (!mail) return 'no-email';
      const newest = links.newestCreatedAt('sign-in');
      if (newest !== undefined && Date.parse(newest) + SIGN_IN_MAIL_INTERVAL_MS > now()) return 'too-soon';
      const { url } = newLink('sign-in');
      try {
        await mail.transport.send(signInMail(mail, url));
        record('sign-in-link-sent');
        return 'sent';
      } catch (err) {
        logger.warn({ error: describeSendError(err) }, 'sign-in link e-mail failed');
        return 'failed';
      }
    },
    record,
    csrfMatches(session, token) {
      if (typeof token !== 'string') return false;
      const a = Buffer.from(token);
      const b = Buffer.from(session.csrf);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
