/**
 * What the owner reads of time in the inbox: the 24-hour reply promise's time
 * left, overdue, or answered. (How a stored time reads, in his time zone:
 * tests/lib/zonedTime.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { promiseLeft } from '../../../src/pages/inbox/time';

const RECEIVED = '2026-11-26T09:05:42.123Z';
const at = (hours: number, minutes = 0) => Date.parse(RECEIVED) + hours * 3_600_000 + minutes * 60_000;

describe("the inbox's times", () => {
  it('counts down the promise of a new lead in hours and minutes, then minutes', () => {
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(0)), { text: '24 h 0 min left', state: 'running' });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(5, 30)), { text: '18 h 30 min left', state: 'running' });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(23)), { text: '1 h 0 min left', state: 'running' });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(23, 1)), { text: '59 min left', state: 'running' });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(23, 59)), { text: '1 min left', state: 'running' });
  });

  it('says how long ago the promise ran out, in days past two', () => {
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(24)), { text: 'Overdue by 0 min', state: 'overdue' });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(30, 15)), { text: 'Overdue by 6 h 15 min', state: 'overdue' });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(24 + 47, 59)), {
      text: 'Overdue by 47 h 59 min',
      state: 'overdue',
    });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(24 + 48)), { text: 'Overdue by 2 days', state: 'overdue' });
    assert.deepEqual(promiseLeft(RECEIVED, 'new', at(24 + 72)), { text: 'Overdue by 3 days', state: 'overdue' });
  });

  it('counts nothing down for a lead he answered', () => {
    for (const status of ['contacted', 'won', 'lost'])
      assert.deepEqual(promiseLeft(RECEIVED, status, at(30)), { text: `Answered (${status})`, state: 'answered' });
  });
});
