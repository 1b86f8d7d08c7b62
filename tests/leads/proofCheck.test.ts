/**
 * The proof-of-work check on its own: a challenge the server made, solved by
 * altcha-lib's own solver, is valid once the solver's key is right; anything
 * altered on the way (the key, the counter, the signed parameters, the
 * signatures) is invalid, and a challenge past its 10 minutes is expired.
 * These are ALTCHA's verification rules (altcha-lib's verifySolution gives the
 * same answers): the check must keep them while computing them its own way.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Challenge } from 'altcha-lib';
import { createProofChallenges } from '../../src/leads/altchaChallenges';
import { solve } from '../support/altchaSolver';

const ISSUED = Date.parse('2026-11-25T10:00:00.000Z');
const TEN_MINUTES = 10 * 60_000;

interface Payload {
  challenge: Challenge;
  solution: { counter: unknown; derivedKey: unknown; [key: string]: unknown };
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');
const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString()) as Payload;

async function solvedAt(secret = 'test secret') {
  let clock = ISSUED;
  const proofs = createProofChallenges({ secret, difficulty: 40, now: () => clock });
  const challenge = await proofs.challenge();
  const value = await solve(challenge);
  return { proofs, challenge, value, setClock: (ms: number) => (clock = ms) };
}

/** The check's verdict on the solved payload after `change` altered a copy of it. */
async function afterChange(change: (payload: Payload) => void): Promise<string> {
  const { proofs, value } = await solvedAt();
  const payload = decode(value);
  change(payload);
  return (await proofs.check(encode(payload))).status;
}

describe('the proof-of-work check', () => {
  it('takes a solved challenge and tells its id, issue time and end of validity', async () => {
    const { proofs, challenge, value, setClock } = await solvedAt();
    setClock(ISSUED + 5_000);
    assert.deepEqual(await proofs.check(value), {
      status: 'valid',
      id: challenge.signature,
      issuedAt: ISSUED,
      expiresAt: new Date(ISSUED + TEN_MINUTES).toISOString(),
    });
  });

  it('refuses a key the solver did not find, or the right key in capitals', async () => {
    assert.equal(
      await afterChange((p) => (p.solution.derivedKey = `${String(p.solution.derivedKey).slice(0, -2)}00`)),
      'invalid',
    );
    assert.equal(
      await afterChange((p) => (p.solution.derivedKey = String(p.solution.derivedKey).toUpperCase())),
      'invalid',
    );
    assert.equal(await afterChange((p) => (p.solution.derivedKey = 'abc')), 'invalid');
    assert.equal(await afterChange((p) => delete p.solution.derivedKey), 'invalid');
  });

  it('refuses a key with anything before or after its hex, or half a byte more', async () => {
    // Node reads hex up to the first character that is not: a lax pattern would let the solved key through.
    assert.equal(await afterChange((p) => (p.solution.derivedKey = `${String(p.solution.derivedKey)}zz`)), 'invalid');
    assert.equal(await afterChange((p) => (p.solution.derivedKey = `zz${String(p.solution.derivedKey)}`)), 'invalid');
    assert.equal(await afterChange((p) => (p.solution.derivedKey = `${String(p.solution.derivedKey)}0`)), 'invalid');
    assert.equal(await afterChange((p) => (p.solution.derivedKey = `${String(p.solution.derivedKey)}\n`)), 'invalid');
  });

  it('takes any 32-bit unsigned counter: the key is what is checked', async () => {
    for (const counter of [0, 2 ** 32 - 1])
      assert.equal(await afterChange((p) => (p.solution.counter = counter)), 'valid', `counter ${counter}`);
  });

  it('refuses a counter that is not a 32-bit unsigned integer', async () => {
    for (const counter of [-1, 2 ** 32, 1.5, '7', null]) {
      assert.equal(await afterChange((p) => (p.solution.counter = counter)), 'invalid', `counter ${String(counter)}`);
    }
    assert.equal(await afterChange((p) => delete p.solution.counter), 'invalid');
  });

  it('refuses signed parameters that were changed, added to or stripped of the key signature', async () => {
    const params = (p: Payload) => p.challenge.parameters as unknown as Record<string, unknown>;
    assert.equal(await afterChange((p) => (params(p).expiresAt = Number(params(p).expiresAt) + 3600)), 'invalid');
    assert.equal(await afterChange((p) => (p.challenge.parameters.data = { issuedAt: ISSUED - 60_000 })), 'invalid');
    assert.equal(await afterChange((p) => (params(p).extra = 'x')), 'invalid');
    assert.equal(await afterChange((p) => delete params(p).keySignature), 'invalid');
    assert.equal(await afterChange((p) => (params(p).keySignature = '00'.repeat(32))), 'invalid');
    assert.equal(await afterChange((p) => (p.challenge.signature = '00'.repeat(32))), 'invalid');
  });

  it('reads the signed parameters in any key order, as ALTCHA signs them sorted', async () => {
    const reordered = await afterChange((p) => {
      const entries = Object.entries(p.challenge.parameters).reverse();
      p.challenge.parameters = Object.fromEntries(entries) as unknown as Challenge['parameters'];
    });
    assert.equal(reordered, 'valid');
  });

  it('answers "invalid", never an error, for a payload shaped to trip the check', async () => {
    const params = (p: Payload) => p.challenge.parameters as unknown as Record<string, unknown>;
    const shapes: [string, (p: Payload) => void][] = [
      ['a solution of null', (p) => (p.solution = null as unknown as Payload['solution'])],
      ['a solution of text', (p) => (p.solution = 'x' as unknown as Payload['solution'])],
      ['a signature that is a number', (p) => (p.challenge.signature = 5 as unknown as string)],
      ['a signature cut short', (p) => (p.challenge.signature = String(p.challenge.signature).slice(0, 10))],
      ['a key signature cut short', (p) => (params(p).keySignature = String(params(p).keySignature).slice(0, 10))],
      ['a key that is a number of hex digits', (p) => (p.solution.derivedKey = 1234)],
      ['a null among the parameters', (p) => (params(p).extra = null)],
      ['a list among the parameters', (p) => (params(p).extra = [1, { b: 2, a: 1 }])],
      ['no parameters', (p) => delete params(p).data],
    ];
    for (const [shape, change] of shapes) assert.equal(await afterChange(change), 'invalid', shape);
  });

  it('reads a payload of up to 4,096 characters, and refuses a longer one unread', async () => {
    const { proofs, value } = await solvedAt();
    // A field the check ignores pads the JSON: base64 grows by 4 characters for every 3 bytes.
    const padded = (length: number) => {
      const payload = decode(value) as Payload & { pad?: string };
      const bare = JSON.stringify({ ...payload, pad: '' }).length;
      payload.pad = 'x'.repeat((length / 4) * 3 - bare);
      return encode(payload);
    };
    assert.equal(padded(4_096).length, 4_096);
    assert.equal((await proofs.check(padded(4_096))).status, 'valid');
    assert.equal(padded(4_100).length, 4_100);
    assert.equal((await proofs.check(padded(4_100))).status, 'invalid');
  });

  it('asks for between half and all of the difficulty in work, never less, never more', async () => {
    // The counter the solver must reach is the work: difficulty 4 asks for 2, 3 or 4 hashes.
    const proofs = createProofChallenges({ secret: 'test secret', difficulty: 4, now: () => ISSUED });
    const counters = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const solved = decode(await solve(await proofs.challenge()));
      counters.add(Number(solved.solution.counter));
    }
    // 60 draws of 3 values miss one with a chance of about 1 in 10^10.
    assert.deepEqual([...counters].sort(), [2, 3, 4]);
  });

  it('refuses a challenge another secret signed', async () => {
    const ours = createProofChallenges({ secret: 'ours', difficulty: 40, now: () => ISSUED });
    const theirs = await solvedAt('theirs');
    assert.equal((await ours.check(theirs.value)).status, 'invalid');
    assert.equal((await theirs.proofs.check(theirs.value)).status, 'valid');
  });

  it('calls a challenge expired after its 10 minutes, not before', async () => {
    const { proofs, value, setClock } = await solvedAt();
    setClock(ISSUED + TEN_MINUTES);
    assert.equal((await proofs.check(value)).status, 'valid');
    setClock(ISSUED + TEN_MINUTES + 1_000);
    assert.equal((await proofs.check(value)).status, 'expired');
  });

  it('tells a missing proof from one that is not a proof at all', async () => {
    const { proofs } = await solvedAt();
    for (const value of [undefined, null, '']) assert.equal((await proofs.check(value)).status, 'missing');
    for (const value of ['not base64 json', 42, encode({ challenge: {}, solution: {} }), 'x'.repeat(5_000)]) {
      assert.equal((await proofs.check(value)).status, 'invalid');
    }
  });
});
