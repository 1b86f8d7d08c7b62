/**
 * The lead endpoint's contract: everything the browser form, the plain HTML form, the server, the tests and the
 * benchmark must agree on. Nothing here is typed anywhere else.
 *
 * The path keeps the URL the site's original front end called (a hosted function named process-lead-notification),
 * so forms and clients written against it keep working.
 */
export const LEAD_ENDPOINT = '/functions/v1/process-lead-notification';

/** The three fields a visitor fills in, in the order the form shows them. */
export const LEAD_FIELDS = ['name', 'company', 'email'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** Longest accepted value of each field, in characters (Unicode code points). */
export const FIELD_LIMITS: Record<LeadField, number> = { name: 200, company: 200, email: 254 };

/** The field a bot fills in and a person never sees: a value in it marks the submission as a bot's. */
export const HONEYPOT_FIELD = 'website';

/** The largest request body the endpoint reads, JSON or form-encoded. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export type LeadInput = Record<LeadField, string>;

/**
 * The endpoint's answer. `notificationResult` is true exactly when the SMS alert was accepted by the provider in
 * time; `error` is a sentence the visitor can read as it is. `bookingUrl`: a verified lead's own booking page
 * (signed, valid 48 hours), while the owner takes bookings; the form then shows the free times under it.
 */
export type LeadResponse =
  | { success: true; notificationResult: boolean; bookingUrl?: string }
  | { success: false; error: string };

/**
 * Where the form fetches its proof-of-work challenge: GET, answered with an ALTCHA v2 challenge
 * as JSON (`{ parameters, signature }`), Cache-Control: no-store, rate limited per client.
 */
export const LEAD_CHALLENGE_ENDPOINT = '/functions/v1/lead-challenge';

/**
 * The body field carrying the solved challenge, ALTCHA's own convention: base64 of the JSON
 * `{ challenge: { parameters, signature }, solution: { counter, derivedKey, time } }` that its
 * solver produces. Optional: a lead without it is stored and e-mailed as unverified, never refused.
 */
export const PROOF_FIELD = 'altcha';

/** The campaign parameters of the URL the visitor landed on, sent with the lead when known. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** The body field carrying document.referrer of the visitor's first page view (a URL, or empty). */
export const REFERRER_FIELD = 'referrer';

/** Longest kept value of a source field, in characters; longer values are cut, never refused. */
export const SOURCE_VALUE_LIMIT = 100;

/** Where a lead came from, as the form sends it: every field optional. */
export type LeadSourceInput = Partial<Record<UtmField | typeof REFERRER_FIELD, string>>;
