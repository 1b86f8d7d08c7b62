/**
 * When a failed alert is tried again (pure): exponential backoff from the
 * configured base (ALERT_RETRY_BASE_MS), doubling after each failure, and
 * never more than six hours between two attempts. The delivery worker counts
 * the attempts (ALERT_MAX_ATTEMPTS) and schedules the next one.
 */

/** The longest wait between two attempts of one alert: six hours. */
export const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** The delay before attempt `attempts + 1`, after `attempts` failures: doubling from the base, at most six hours. */
export function retryDelayMs(attempts: number, retryBaseMs: number): number {
  return Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
}
