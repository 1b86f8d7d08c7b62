/**
 * Units of time, the reply promise, the one format times are stored and compared in, and a bounded wait. A leaf for
 * every layer.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The page promises an answer within 24 hours of a lead's arrival. */
export const REPLY_PROMISE_MS = 24 * HOUR_MS;

/** Times are stored as UTC ISO-8601 text: readable in the sqlite3 shell, and ordered as text. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** True when `work` settles within `ms`, false when the time runs out first; `work` goes on either way. */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), expired]);
  } finally {
    clearTimeout(timer);
  }
}
