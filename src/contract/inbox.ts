/**
 * The owner's inbox, as the browser, the server and the tests know it: its paths, the form-token field and header,
 * and what the passkey endpoints answer. A leaf, like src/contract/lead.ts: the pages, the passkey script, the
 * HTTP layer and the owner's services import it.
 */
export const INBOX_PATHS = {
  inbox: '/owner',
  login: '/owner/login',
  /** POST: e-mail a one-time sign-in link to the owner's configured address. */
  emailLink: '/owner/login/email-link',
  /** POST: options for a passkey sign-in; then POST the answer to `login`. */
  loginOptions: '/owner/login/options',
  signOut: '/owner/sign-out',
  /** + token: the one-time link that registers a passkey (`leads owner-link`). */
  register: '/owner/register/',
  /** + token: the e-mailed one-time sign-in link. */
  signInLink: '/owner/sign-in/',
  passkeys: '/owner/passkeys',
  /** POST: options for registering one more passkey while signed in; then POST the answer to `passkeys`. */
  passkeyOptions: '/owner/passkeys/options',
  /** The signed-in browsers; POST `sessions/<key>/end` ends one. */
  sessions: '/owner/sessions',
  /** POST: ends every session but this one. */
  endOtherSessions: '/owner/sessions/end-others',
  /** + id */
  lead: '/owner/leads/',
  spam: '/owner/spam',
  alerts: '/owner/alerts',
  /** POST: every failed alert back in the queue, sent now. */
  alertsSendAgain: '/owner/alerts/send-again',
  sources: '/owner/sources',
  activity: '/owner/activity',
  /** Every lead as CSV, as `leads export` writes it. */
  exportCsv: '/owner/export.csv',
  /** The page's content: the draft's state; + a section's name (`hero`) edits that section (POST saves it). */
  content: '/owner/content',
  /** The draft rendered as the public page, with a banner. */
  contentPreview: '/owner/content/preview',
  /** POST: the draft becomes the published page. */
  contentPublish: '/owner/content/publish',
  /** Every published revision; POST `history/<n>/restore` copies one into the draft. */
  contentHistory: '/owner/content/history',
  /** POST (multipart): an uploaded photo of the owner for the hero, into the draft. */
  contentPhoto: '/owner/content/photo',
  /** POST (multipart): an uploaded thumbnail for the video block, into the draft. */
  contentThumbnail: '/owner/content/thumbnail',
  /** His availability for calls, one field per key of AVAILABILITY_KEYS; POST saves the keys changed. */
  booking: '/owner/booking',
  /** The booked calls not over yet, soonest first. A lead's booked call is cancelled on its page (LEAD_ACTIONS). */
  calls: '/owner/calls',
} as const;

/** What a lead's page does, each at its own address under the lead's (`/owner/leads/12/erase`). */
export const LEAD_ACTIONS = {
  /** POST: marks the lead contacted, won or lost. */
  mark: 'mark',
  /** POST: a lead held back as unverified is released: verified, its missed alerts sent. */
  release: 'release',
  /** POST: the lead's failed alerts back in the queue. */
  sendAgain: 'send-again',
  /** GET: everything stored about the lead's person, as JSON. */
  data: 'data.json',
  /** POST: erases the lead's person. */
  erase: 'erase',
  /** POST: cancels the lead's booked call. */
  cancelCall: 'cancel-call',
} as const;
export type LeadAction = (typeof LEAD_ACTIONS)[keyof typeof LEAD_ACTIONS];

/** The address of a lead's action: `/owner/leads/12/erase`; the routes give ':id'. */
export const leadActionPath = (id: number | ':id', action: LeadAction): string => `${INBOX_PATHS.lead}${id}/${action}`;

/** The Booking form's checkbox that clears the calendar feed (an empty feed-url field keeps it). */
export const REMOVE_FEED_FIELD = 'remove-feed';

/**
 * Where to go after signing in: a page of the inbox asked for before, carried as `?next=` (an inbox
 * path only, never another site); anything else is the list of leads.
 */
export function nextPage(value: unknown): string {
  return typeof value === 'string' && /^\/owner(\/[A-Za-z0-9-]+){0,3}$/.test(value) ? value : INBOX_PATHS.inbox;
}

/** The form field, and for JSON requests the header, that carries the session's form token. */
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The session cookie: with the __Host- prefix (Secure, Path=/) behind https, else plain, on /owner. */
export const SESSION_COOKIE = 'owner_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** What the passkey endpoints answer: options with the ceremony to send back, then where to go. */
export type CeremonyStart = { ceremony: string; options: unknown };
export type CeremonyEnd = { ok: true; next: string } | { ok: false; error: string };

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 60;
