/**
 * The challenges of passkey ceremonies under way: each given back once, within five minutes, under its own
 * unguessable id; and at most 1,000 held, the oldest let go first, so clients cannot make the server hold more.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCeremonyChallenges } from '../../src/ownerAuth/ceremonyChallenges';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const FIVE_MINUTES = 5 * 60_000;

function rig() {
  let clock = START;
  return { challenges: createCeremonyChallenges(() => clock), at: (ms: number) => (clock = ms) };
}

describe('the challenges of passkey ceremonies', () => {
  it('give a challenge back once, under an id of 144 random bits', () => {
    const { challenges } = rig();
    const id = challenges.put('challenge-1');
    assert.match(id, /^[\w-]{24}$/);
    assert.notEqual(challenges.put('challenge-2'), id);
    assert.equal(challenges.take(id), 'challenge-1');
    assert.equal(challenges.take(id), undefined, 'taken');
    assert.equal(challenges.take('no-such-ceremony'), undefined);
  });

  it('keep one for five minutes, to the millisecond, and not after even if never taken', () => {
    const { challenges, at } = rig();
    const kept = challenges.put('kept');
    const late = challenges.put('late');
    at(START + FIVE_MINUTES - 1);
    assert.equal(challenges.take(kept), 'kept');
    at(START + FIVE_MINUTES);
    assert.equal(challenges.take(late), undefined);
  });

  it('hold at most 1,000, letting the oldest go first', () => {
    const { challenges } = rig();
    const ids = Array.from({ length: 1_000 }, (_, i) => challenges.put(`c${i}`));
    const newest = challenges.put('newest');
    assert.equal(challenges.take(ids[0] as string), undefined, 'the oldest let go');
    assert.equal(challenges.take(ids[1] as string), 'c1');
    assert.equal(challenges.take(ids[999] as string), 'c999');
    assert.equal(challenges.take(newest), 'newest');
  });
});
