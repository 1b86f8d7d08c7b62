/**
 * When a failed alert is tried again (pure): exponential backoff from the retry base (30 s, a test shortens it),
 * doubling after each failure, and never more than six hours between two attempts; never sooner than a provider
 * asked; no more after the last attempt (10), unless the channel's retry window is still open, and none after a
 * permanent failure. The runner counts the attempts and schedules the next one.
 */

/** The longest wait between two attempts of one alert: six hours. */
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** The delay before attempt `attempts + 1`, after `attempts` failures: doubling from the base, at most six hours. */
export function retryDelayMs(attempts: number, retryBaseMs: number): number {
  return Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
}

export interface FailedAttempt {
  /** The attempt that failed, counting from 1. */
  attempt: number;
  maxAttempts: number;
  retryBaseMs: number;
  now: number;
  /** The sender says no retry can mend it (410 Gone). */
  permanent: boolean;
  /** The provider asked to wait at least this long (Telegram's retry_after); 0 when it did not. */
  retryAfterMs: number;
  /** The channel is retried for at least this long after its first attempt (the webhook's day). */
  retryForMs?: number | undefined;
  /** When the alert's run of attempts began (ISO time). */
  firstAttemptAt?: string | undefined;
}

/** What follows a failed attempt: the wait before the next, and whether there is none. */
export function afterFailure(f: FailedAttempt): { last: boolean; delayMs: number } {
  const inWindow =
    f.retryForMs !== undefined && f.firstAttemptAt !== undefined && f.now - Date.parse(f.firstAttemptAt) < f.retryForMs;
  return {
    last: f.permanent || (f.attempt >= f.maxAttempts && !inWindow),
    delayMs: Math.max(retryDelayMs(f.attempt, f.retryBaseMs), f.retryAfterMs),
  };
}
