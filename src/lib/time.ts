/** Units of time, the reply promise, and the one format times are stored and compared in. A leaf for every layer. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The page promises an answer within 24 hours of a lead's arrival. */
export const REPLY_PROMISE_MS = 24 * HOUR_MS;

/** Times are stored as UTC ISO-8601 text: readable in the sqlite3 shell, and ordered as text. */
export const iso = (ms: number): string => new Date(ms).toISOString();
