/**
 * The bounded wait the calendar feed and the alert runner's stop use: it tells whether the work ended in time, and
 * leaves the work going when it did not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { within } from '../../src/lib/time';

describe('within', () => {
  it('is true when the work ends in time, whatever its outcomes', async () => {
    assert.equal(await within(Promise.resolve('done'), 1_000), true);
    assert.equal(await within(Promise.allSettled([Promise.reject(new Error('no'))]), 1_000), true);
  });

  it('is false when the time runs out first, and the work still ends later', async () => {
    let finish = () => {};
    let ended = false;
    const work = new Promise<void>((resolve) => {
      finish = resolve;
    }).then(() => {
      ended = true;
    });
    assert.equal(await within(work, 20), false);
    finish();
    await work;
    assert.equal(ended, true);
  });
});
