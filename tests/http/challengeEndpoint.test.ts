/**
 * GET /functions/v1/lead-challenge: a signed ALTCHA v2 challenge, new on each
 * request, valid for 10 minutes, never cached, and rate limited per client on
 * its own budget (four per allowed lead).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSitesPerTest } from '../support/leadSite';

const site = leadSitesPerTest();
const PATH = '/functions/v1/lead-challenge';

interface ChallengeJson {
  parameters: {
    algorithm: string;
    cost: number;
    keyPrefix: string;
    nonce: string;
    salt: string;
    expiresAt: number;
    data: { issuedAt: number };
  };
  signature: string;
}

describe('GET /functions/v1/lead-challenge', () => {
  it('answers a signed SHA-256 challenge, new each time, valid for 10 minutes, never cached', async () => {
    const s = await site();
    const before = Date.now();
    const res = await fetch(`${s.url}${PATH}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const { parameters, signature } = (await res.json()) as ChallengeJson;
    assert.equal(parameters.algorithm, 'SHA-256');
    assert.match(signature, /^[0-9a-f]{64}$/);
    assert.ok(parameters.data.issuedAt >= before && parameters.data.issuedAt <= Date.now());
    const validMs = parameters.expiresAt * 1000 - parameters.data.issuedAt;
    assert.ok(validMs > 599_000 && validMs <= 600_000, `valid for ${validMs} ms`);
    const other = (await (await fetch(`${s.url}${PATH}`)).json()) as ChallengeJson;
    assert.notEqual(other.signature, signature);
    assert.notEqual(other.parameters.nonce, parameters.nonce);
  });

  it('allows four challenges per allowed lead in the window, then answers 429 (also never cached)', async () => {
    const s = await site({ env: { LEAD_RATE_LIMIT: '2' } });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await fetch(`${s.url}${PATH}`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const limited = await fetch(`${s.url}${PATH}`);
    assert.equal(limited.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await limited.json(), {
      error: 'Too many requests from your network. Please wait 10 minutes and try again.',
    });
    assert.equal(
      (await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' })).status,
      200,
      'leads have their own budget',
    );
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const s = await site();
    const res = await fetch(`${s.url}${PATH}`, { method: 'POST' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET, HEAD');
  });
});
