/**
 * What the runner needs from a provider: send one lead's alert and say what the provider called it. Kept tiny so
 * the runner never knows which SDK is behind a channel: a new channel is a new AlertSender, declared in
 * channels.ts.
 */
import type { CancelledBy } from '../contract/booking';

/** What an alert tells about the lead. The leads layer fills it in. */
export interface AlertLead {
  id: number;
  createdAt: string;
  /** The owner's time zone (OWNER_TIME_ZONE): his alerts show the lead's time in it; absent, in UTC. */
  ownerTimeZone?: string;
  name: string;
  company: string;
  email: string;
  /**
   * The language tag of the page the lead's form was on ('pt-BR'). Absent or 'en': English, which the owner's
   * alerts leave unsaid.
   */
  language?: string;
  /**
   * The lead's grade as the leads layer names it (src/leads/grading.ts): shown, never decided
   * on, here. Only 'unverified' changes a message (its subject says so).
   */
  verdict: string;
  /** Why it got that verdict (grading's reason codes, e.g. "no-proof"); empty when verified without remarks. */
  reasons?: readonly string[];
  /**
   * Where the lead came from, for the owner to read (e.g. "utm_source=linkedin, utm_campaign=q1; referrer
   * news.example.org").
   */
  source: string;
  /** The lead's page in the owner's inbox (PUBLIC_URL/owner/leads/ID), for the owner's alerts. */
  inboxUrl?: string;
  /** What Twilio reported of the lead's SMS alert, once final: for the fallback when it was not delivered. */
  smsDelivery?: { status: string; errorCode: string | null };
  /** The lead's booked call as it is now: the booking channels tell it (an invite, a cancel, an event). */
  booking?: AlertBooking;
}

/**
 * A booked call as its alerts tell it. Each booking channel sends the booking as it is when the attempt starts:
 * a move before the first invite went out sends one invite, of the new time, and a calendar keeps the version of
 * the highest sequence whatever order two invites arrive in.
 */
export interface AlertBooking {
  /** The invites' UID: the same for every version of this booking. */
  uid: string;
  /** UTC ISO times of the call's start and end. */
  startsAt: string;
  endsAt: string;
  status: 'booked' | 'cancelled';
  /** The invite's SEQUENCE: 0 when booked, one more at each move, new meeting link and the cancel. */
  sequence: number;
  /** What happened last, as the owner's alert and the webhook's event name it. */
  event: 'created' | 'moved' | 'cancelled';
  /** Set when the last change was his new meeting link (the invites say the link changed); absent otherwise. */
  roomChanged?: true;
  /** When that happened (UTC ISO): the invite's DTSTAMP. */
  changedAt: string;
  /** The owner's meeting room (LOCATION and DESCRIPTION of the invites); '' when he set none. */
  meetingUrl: string;
  /** The zone the visitor booked in (an IANA name; UTC for a booking stored before it was kept): their e-mail's. */
  visitorZone: string;
  /** The visitor's page to move or cancel the call (their invite e-mail links it); absent once cancelled. */
  manageUrl?: string;
  /** Who cancelled it, once cancelled: the owner's alert says so, and the webhook's event carries it. */
  cancelledBy?: CancelledBy;
}

export interface AlertSender {
  /**
   * Resolves once the provider accepted the alert; rejects otherwise. `signal` aborts at the attempt's
   * deadline, which the runner owns: the attempt counts as failed then, whatever the sender does, so a
   * sender only passes the signal on to what can stop early (an HTTP request).
   */
  send(lead: AlertLead, signal: AbortSignal): Promise<{ providerMessageId: string }>;
  /** Loads the provider's SDK now: senders import it on first use, to keep it out of the start-up. */
  warm?(): Promise<void>;
  /** Closes what the sender keeps open between alerts (pooled connections); at shutdown. */
  close?(): void;
}

/**
 * A failure no retry can mend (an endpoint that answered 410 Gone, a channel turned off for that
 * reason): the runner marks the alert failed at once instead of counting down its attempts.
 */
export function permanentFailure(message: string, code: string): Error {
  return Object.assign(new Error(message), { [PERMANENT]: true, code });
}

/** A provider's "not before" (Telegram's retry_after): the next attempt waits at least this long. */
export function retryLater(message: string, retryAfterMs: number): Error {
  return Object.assign(new Error(message), { [RETRY_AFTER_MS]: retryAfterMs });
}

// Symbols, not property names: a provider's own error may carry a `permanent` of its own meaning
// (nodemailer marks SMTP 5xx answers so), and only our senders decide what the runner does.
const PERMANENT = Symbol('permanent failure');
const RETRY_AFTER_MS = Symbol('retry after ms');

/** What a failed send says of its retry: never, or not before some time. */
export function retryHintOf(err: unknown): { permanent: boolean; retryAfterMs: number } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as Record<symbol, unknown>;
  const after = e[RETRY_AFTER_MS];
  return {
    permanent: e[PERMANENT] === true,
    retryAfterMs: typeof after === 'number' && Number.isFinite(after) ? Math.max(0, after) : 0,
  };
}

/** An e-mail address as SMTP servers quote it in an answer: `<erin@example.org>`, `erin@example.org`. */
const ADDRESS = /[^\s<>()[\]\\,;:"@]+@[^\s<>()[\]\\,;:"'@]+/g;
const ADDRESS_MASK = '[address]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The provider's message without the e-mail addresses in it: an SMTP server quotes the recipient it refused ("550
 * 5.1.1 <erin@example.org>: no such user"), and this text goes to the log and to alerts.last_error, neither of
 * which `leads erase` rewrites. Some servers quote only the local part ("no such user erin"), so the local parts
 * of the addresses nodemailer lists as refused (`rejected`) are masked too, wherever they stand on their own.
 */
function withoutAddresses(text: string, refused: unknown): string {
  let masked = text.replace(ADDRESS, ADDRESS_MASK);
  for (const address of Array.isArray(refused) ? refused : []) {
    if (typeof address !== 'string' || !address.includes('@')) continue;
    const local = escapeRegExp(address.slice(0, address.lastIndexOf('@')));
    if (local === '') continue;
    masked = masked.replace(new RegExp(`(?<![\\w.%+-])${local}(?![\\w%+-])`, 'gi'), ADDRESS_MASK);
  }
  return masked;
}

/**
 * A short, secret-free description of a provider failure for last_error and the log: Twilio's RestException
 * (status, code; its message may be undefined), axios network errors (ECONNREFUSED, ECONNABORTED) and nodemailer's
 * errors (code, SMTP response code), with every e-mail address masked (withoutAddresses). Every provider failure
 * the runner records or logs, and `leads test-alerts` prints, is described here: a provider's error object is
 * never logged itself.
 */
export function describeSendError(err: unknown): string {
  if (typeof err !== 'object' || err === null) return withoutAddresses(String(err), undefined).slice(0, 500);
  const e = err as { status?: unknown; code?: unknown; responseCode?: unknown; message?: unknown; rejected?: unknown };
  const parts: string[] = [];
  if (typeof e.status === 'number') parts.push(`HTTP ${e.status}`);
  if (e.code !== undefined && e.code !== null) parts.push(String(e.code));
  if (typeof e.responseCode === 'number') parts.push(`SMTP ${e.responseCode}`);
  const message = typeof e.message === 'string' && e.message !== '' ? e.message : 'no message';
  return withoutAddresses(`${parts.join(' ')}${parts.length > 0 ? ': ' : ''}${message}`, e.rejected).slice(0, 500);
}
