/**
 * The retry backoff of a failed alert, as an operator sees it in the log's
 * retryInMs and in the alert's next due time: the base after the first
 * failure, twice as long after each further one, and never more than six
 * hours (21,600,000 ms) between two attempts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryDelayMs } from '../../src/alerts/retryRules';

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
