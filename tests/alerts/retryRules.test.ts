/**
 * The retry backoff of a failed alert, as an operator sees it in the log's
 * retryInMs and in the alert's next due time: the base after the first
 * failure, twice as long after each further one, and never more than six
 * hours (21,600,000 ms) between two attempts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { afterFailure, retryDelayMs } from '../../src/alerts/retryRules';

describe('retryDelayMs', () => {
  it('waits the base after the first failure and doubles after each further one', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((failures) => retryDelayMs(failures, 100)),
      [100, 200, 400, 800, 1600],
    );
  });

  it('with the default 30 s base and 10 attempts, waits 30 s, 1 min, 2 min ... up to 4 h 16 min', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((failures) => retryDelayMs(failures, 30_000)),
      [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_840_000, 7_680_000, 15_360_000],
    );
  });

  it('never waits more than six hours', () => {
    assert.equal(retryDelayMs(11, 30_000), 21_600_000, '30 s x 1024 would be 8 h 32 min');
    assert.equal(retryDelayMs(30, 100), 21_600_000);
    assert.equal(retryDelayMs(100, 30_000), 21_600_000);
    assert.equal(retryDelayMs(1, 86_400_000), 21_600_000, 'a one-day base is cut to six hours too');
  });

  it('waits exactly six hours when the doubling lands on it, and just under it below', () => {
    assert.equal(retryDelayMs(6, 675_000), 21_600_000, '675,000 ms x 32');
    assert.equal(retryDelayMs(5, 675_000), 10_800_000);
    assert.equal(retryDelayMs(1, 21_599_999), 21_599_999);
  });
});

describe('afterFailure: what follows a failed attempt', () => {
  const NOW = Date.parse('2026-11-27T12:00:00.000Z');
  const failed = (changes: Partial<Parameters<typeof afterFailure>[0]> = {}) =>
    afterFailure({
      attempt: 3,
      maxAttempts: 10,
      retryBaseMs: 30_000,
      now: NOW,
      permanent: false,
      retryAfterMs: 0,
      ...changes,
    });

  it('waits the backoff and tries again while attempts are left', () => {
    assert.deepEqual(failed(), { last: false, delayMs: 120_000 });
    assert.deepEqual(failed({ attempt: 9 }), { last: false, delayMs: 7_680_000 });
  });

  it('stops after the last attempt', () => {
    assert.equal(failed({ attempt: 10 }).last, true);
    assert.equal(failed({ attempt: 11 }).last, true);
  });

  it('stops at once after a permanent failure, whatever attempts are left', () => {
    assert.equal(failed({ attempt: 1, permanent: true }).last, true);
  });

  it('waits as long as the provider asked when that is longer than the backoff, never shorter', () => {
    assert.equal(failed({ retryAfterMs: 300_000 }).delayMs, 300_000);
    assert.equal(failed({ retryAfterMs: 5_000 }).delayMs, 120_000);
  });

  it("goes on past the last attempt while the channel's retry window is open, and stops once it has closed", () => {
    const day = 86_400_000;
    const began = (msAgo: number) => new Date(NOW - msAgo).toISOString();
    assert.equal(failed({ attempt: 12, retryForMs: day, firstAttemptAt: began(day - 1) }).last, false);
    assert.equal(failed({ attempt: 12, retryForMs: day, firstAttemptAt: began(day) }).last, true);
    assert.equal(failed({ attempt: 12, retryForMs: day }).last, true, 'no first attempt known: no window');
    assert.equal(failed({ attempt: 12, firstAttemptAt: began(1) }).last, true, 'a channel with no window');
    assert.equal(
      failed({ attempt: 2, permanent: true, retryForMs: day, firstAttemptAt: began(1) }).last,
      true,
      'a permanent failure ends it even inside the window',
    );
  });
});
