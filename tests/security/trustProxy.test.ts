/**
 * Only a proxy named by its address may say who the client is. A client that
 * reaches the port directly and forges X-Forwarded-For is still counted by
 * its own address, so it cannot pass the rate limit by naming a new address
 * with every post. Trusting "whoever connects first" (true, hop counts) is
 * refused by the configuration.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config';
import { leadSitesPerTest } from '../support/leadSite';

const leadSite = leadSitesPerTest();
const lead = (i: number) => ({ name: `Visitor ${i}`, company: 'Acme', email: `visitor${i}@example.com` });

describe('TRUST_PROXY', () => {
  it('by address: a direct client forging X-Forwarded-For is limited by its own address', async () => {
    // The proxy is elsewhere (a documentation address); this client connects from 127.0.0.1.
    const s = await leadSite({ env: { TRUST_PROXY: '192.0.2.10', LEAD_RATE_LIMIT: '5' } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await s.post(lead(i), { headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` } });
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('by address: the trusted proxy forwards each visitor, counted apart', async () => {
    const s = await leadSite({ env: { TRUST_PROXY: 'loopback', LEAD_RATE_LIMIT: '1' } });
    const first = await s.post(lead(1), { headers: { 'X-Forwarded-For': '198.51.100.1' } });
    const second = await s.post(lead(2), { headers: { 'X-Forwarded-For': '198.51.100.2' } });
    const again = await s.post(lead(3), { headers: { 'X-Forwarded-For': '198.51.100.1' } });
    assert.deepEqual([first.status, second.status, again.status], [200, 200, 429]);
  });

  for (const value of ['true', '1', '2']) {
    it(`refuses TRUST_PROXY=${value}, naming the risk`, () => {
      assert.throws(
        () => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }),
        (err: Error & { problems?: string[] }) => {
          assert.equal(err.problems?.length, 1);
          assert.match(
            err.problems?.[0] ?? '',
            /^TRUST_PROXY must name the proxy by address .* choose its own address$/,
          );
          return true;
        },
      );
    });
  }
});
