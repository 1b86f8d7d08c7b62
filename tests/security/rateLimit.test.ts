/**
 * The lead rate limit against a determined bot: it holds per client for IPv4
 * (several real source addresses on the loopback network), counts an IPv6
 * /64 as one client, cannot be dodged with a forged X-Forwarded-For unless
 * TRUST_PROXY names that hop as the proxy, and the honeypot (which answers
 * "success") keeps its hits as spam for review but sends no alert however
 * often it is hit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { postLead, type LeadReply } from '../support/leadClient';

const LIMIT = 5;
const leadSite = leadSitesPerTest();
let counter = 0;

const site = (env: Record<string, string> = {}, alerts = false): Promise<LeadSite> =>
  leadSite({
    sms: alerts,
    email: alerts,
    env: { LEAD_RATE_LIMIT: String(LIMIT), LEAD_RATE_WINDOW_MS: '600000', ...env },
  });

/** A distinct valid lead each time, so no answer comes from the duplicate check. */
function send(
  s: LeadSite,
  options: { localAddress?: string; xff?: string; honeypot?: boolean } = {},
): Promise<LeadReply> {
  counter += 1;
  const lead: Record<string, unknown> = {
    name: `Visitor ${counter}`,
    company: 'Acme',
    email: `v${counter}@example.com`,
  };
  if (options.honeypot) lead.website = 'https://spam.example';
  return postLead(s.url, lead, {
    localAddress: options.localAddress,
    headers: options.xff ? { 'X-Forwarded-For': options.xff } : {},
  });
}

async function statuses(n: number, make: (i: number) => Promise<LeadReply>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) out.push((await make(i)).status);
  return out;
}

const allowedThenBlocked = [...Array<number>(LIMIT).fill(200), 429, 429];

describe('rate limit per client', () => {
  it('holds per IPv4 address: one client blocked after the limit, another still served', async () => {
    const s = await site();
    assert.deepEqual(await statuses(LIMIT + 2, () => send(s, { localAddress: '127.0.0.2' })), allowedThenBlocked);
    const blocked = await send(s, { localAddress: '127.0.0.2' });
    assert.equal(blocked.status, 429);
    assert.match(String(blocked.json?.error), /Too many requests.*try again/);
    assert.ok(
      blocked.headers.ratelimit || blocked.headers['ratelimit-policy'],
      'standard RateLimit headers tell when to retry',
    );
    assert.equal((await send(s, { localAddress: '127.0.0.3' })).status, 200, 'another client is not affected');
    assert.equal(s.rows().length, LIMIT + 1);
  });

  it('ignores a forged X-Forwarded-For when no proxy is trusted', async () => {
    const s = await site();
    const got = await statuses(LIMIT + 2, (i) => send(s, { localAddress: '127.0.0.4', xff: `203.0.113.${i + 1}` }));
    assert.deepEqual(got, allowedThenBlocked);
  });

  it('behind a trusted proxy counts the address the proxy saw, not what the client wrote before it', async () => {
    const s = await site({ TRUST_PROXY: 'loopback' });
    // The proxy appends the real peer; everything to its left is the client's own claim.
    const got = await statuses(LIMIT + 2, (i) => send(s, { xff: `198.51.100.${i + 1}, 203.0.113.7` }));
    assert.deepEqual(got, allowedThenBlocked);
    assert.equal((await send(s, { xff: '198.51.100.1, 203.0.113.8' })).status, 200, 'another real client is served');
  });

  it('counts a whole IPv6 /64 as one client behind a trusted proxy', async () => {
    const s = await site({ TRUST_PROXY: 'loopback' });
    const got = await statuses(LIMIT + 2, (i) =>
      send(s, { xff: `2001:db8:1:2:${(i * 7919).toString(16)}:a:b:${i + 1}` }),
    );
    assert.deepEqual(got, allowedThenBlocked, 'rotating addresses inside the /64 does not reset the count');
    assert.equal((await send(s, { xff: '2001:db8:1:3::1' })).status, 200, 'the next /64 is another client');
    assert.equal((await send(s, { xff: '198.51.100.20' })).status, 200, 'and an IPv4 client too');
  });
});

describe('the honeypot', () => {
  it('is limited like any submission: a bot hitting it is blocked after the limit', async () => {
    const s = await site();
    const got = await statuses(LIMIT + 2, () => send(s, { localAddress: '127.0.0.5', honeypot: true }));
    assert.deepEqual(got, allowedThenBlocked);
    assert.deepEqual(
      s.rows().map((r) => r.verdict),
      Array(LIMIT).fill('spam'),
      'only the allowed hits are kept, as spam',
    );
  });

  it('alerts nobody across 500 hits, even with the limit lifted, and keeps every hit as spam', async () => {
    const s = await site({ LEAD_RATE_LIMIT: '1000000' }, true);
    const got = await statuses(500, () => send(s, { honeypot: true }));
    assert.ok(
      got.every((st) => st === 200),
      'the bot is told it succeeded',
    );
    await new Promise((r) => setTimeout(r, 300));
    const rows = s.rows();
    assert.equal(rows.length, 500, 'each hit kept for the owner to review');
    assert.ok(
      rows.every(
        (r) =>
          r.verdict === 'spam' && r.verdict_reasons === 'honeypot' && r.sms_status === null && r.email_status === null,
      ),
      'as spam, with no alert',
    );
    assert.equal(s.twilio.requests, 0, 'no SMS attempted');
    assert.equal(s.smtp.connections, 0, 'no e-mail attempted');
    console.log(
      `[rate-limit] honeypot hits: 500, spam rows kept: ${rows.length}, SMS: ${s.twilio.requests}, e-mails: ${s.smtp.connections}`,
    );
  });
});
