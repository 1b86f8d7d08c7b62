/**
 * The owner's sessions, with the notice an action leaves for the next page, the form token, and the
 * cookie that carries the id. A session id is a random 256-bit token that only his cookie holds; the
 * database keeps its SHA-256 hash, so a copy of the file opens no session. A session ends at sign-out,
 * when the passkey that made it is removed, after OWNER_SESSION_IDLE_HOURS unused, or
 * OWNER_SESSION_MAX_DAYS after it began, whichever comes first.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { INBOX_PATHS, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../contract/inbox';
import { iso } from '../lib/time';
import type { SessionRow, SessionsTable } from './sessionsTable';

/** A session's last-seen time is written at most this often (not on every page). */
const TOUCH_EVERY_MS = 60_000;

export interface Session {
  /** The hash of the session's id: how pages name a session (the id itself is a credential). */
  key: string;
  createdAt: string;
  lastSeenAt: string;
  device: string;
  via: SessionRow['via'];
  passkeyId: string | null;
  /** The name the owner gave that passkey (null: signed in with a link, or the passkey is gone). */
  passkeyName: string | null;
  /** The token every state-changing form of this session carries. */
  csrf: string;
  /** What the last action left to say on the next page, if anything. */
  notice: string | null;
}

/** A session as the list of sessions shows it. */
export type ListedSession = Omit<Session, 'csrf' | 'notice' | 'passkeyName'>;

export interface SessionsDeps {
  table: SessionsTable;
  /** The site's origin: behind https the cookie is Secure, with the __Host- prefix, on every path. */
  publicUrl: string;
  idleMs: number;
  maxMs: number;
  now: () => number;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
// Derived from the session id, which only the cookie holds: the stored hash does not give it away.
const csrfOf = (id: string) => createHash('sha256').update(`form-token:${id}`, 'utf8').digest('base64url');

const listed = (row: SessionRow): ListedSession => ({
  key: row.id_hash,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  device: row.device,
  via: row.via,
  passkeyId: row.passkey_id,
});

/**
 * HttpOnly, so no script reads it. SameSite=Lax: it travels on a link followed from another site (a
 * webmail's sign-in link, an SMS), never on another site's POST; every action also needs the form
 * token and our own origin. On /owner only over plain http; behind https, Secure with the __Host-
 * prefix, which the browser takes only with Path=/.
 */
function sessionCookie(publicUrl: string, maxMs: number) {
  const secure = publicUrl.startsWith('https:');
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const attributes = `Path=${secure ? '/' : INBOX_PATHS.inbox}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    name,
    set: (id: string) => `${name}=${id}; Max-Age=${Math.floor(maxMs / 1000)}; ${attributes}`,
    clear: () => `${name}=; Max-Age=0; ${attributes}`,
  };
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions({ table, publicUrl, idleMs, maxMs, now }: SessionsDeps) {
  const expired = (row: SessionRow, at: number) =>
    Date.parse(row.created_at) + maxMs <= at || Date.parse(row.last_seen_at) + idleMs <= at;
  return {
    /** A new session; returns its id, which goes into the cookie and nowhere else. */
    create(device: string, via: SessionRow['via'], passkeyId?: string) {
      const id = newToken();
      const at = now();
      table.deleteExpired(iso(at - maxMs), iso(at - idleMs));
      const row = { id_hash: hashToken(id), created_at: iso(at), last_seen_at: iso(at), device, via };
      table.add({ ...row, passkey_id: passkeyId ?? null });
      return id;
    },
    /** The session this id names while it is valid, else undefined (an expired one is deleted). */
    validate(id: string | undefined): Session | undefined {
      if (typeof id !== 'string' || id.length < 40 || id.length > 64) return undefined;
      const row = table.get(hashToken(id));
      if (!row) return undefined;
      const at = now();
      if (expired(row, at)) {
        table.remove(row.id_hash);
        return undefined;
      }
      if (at - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) table.touch(row.id_hash, iso(at));
      return { ...listed(row), csrf: csrfOf(id), notice: row.notice, passkeyName: row.passkey_name ?? null };
    },
    /** Ends the session with this key; false when there was none. */
    end: table.remove,
    /** Ends every session but `exceptKey`'s (none: every one); returns how many ended. */
    endAll: table.removeAll,
    /** Ends the sessions the passkey made or signed in; returns how many. */
    endOfPasskey: table.removeOfPasskey,
    /** The sessions still valid, newest first. */
    list: () =>
      table
        .all()
        .filter((row) => !expired(row, now()))
        .map(listed),
    /** The key of the session this id names (whether or not it is valid). */
    keyOf: hashToken,
    leaveNotice: (key: string, notice: string) => table.setNotice(key, notice),
    /** The session's notice, once: it is cleared as it is read. */
    takeNotice(session: Session) {
      if (session.notice === null) return undefined;
      table.setNotice(session.key, null);
      return session.notice;
    },
    /** True when `token` is this session's form token. */
    csrfMatches(session: Session, token: unknown) {
      if (typeof token !== 'string') return false;
      const a = Buffer.from(token);
      const b = Buffer.from(session.csrf);
      return a.length === b.length && timingSafeEqual(a, b);
    },
    /** The Set-Cookie values that carry a session's id, and that clear it. */
    cookie: sessionCookie(publicUrl, maxMs),
  };
}
