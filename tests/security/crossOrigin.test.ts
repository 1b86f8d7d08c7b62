/**
 * The lead endpoint and other sites: no CORS grant of any kind (a page on
 * another origin can neither read an answer nor pass a preflight), and a POST
 * that a browser made for another site (Origin or Sec-Fetch-Site says so) is
 * refused with 403 and a clear error before anything is stored. Our own page
 * (same origin, or the configured PUBLIC_URL behind a proxy) and clients that
 * send no Origin at all (curl, servers) are served as before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LEAD_PATH, startLeadSite, type LeadSite } from '../support/leadSite';
import { postLead, postRaw } from '../support/leadClient';

const PUBLIC_URL = 'https://strategist.example.org';
let site: LeadSite;
let n = 0;
const lead = () => ({ name: `Ana ${(n += 1)}`, company: 'Acme', email: `ana${n}@example.com` });

before(async () => {
  site = await startLeadSite({ sms: false, email: false, env: { PUBLIC_URL, LEAD_RATE_LIMIT: '1000' } });
});

after(async () => {
  await site?.close();
});

describe('cross-origin requests to the lead endpoint', () => {
  it('grants no CORS preflight: no Access-Control-Allow-* header, whatever the Origin', async () => {
    for (const origin of ['https://evil.example', PUBLIC_URL, 'null']) {
      const res = await fetch(`${site.url}${LEAD_PATH}`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      assert.ok(res.status >= 400, `preflight from ${origin} is not approved (${res.status})`);
      for (const name of [
        'access-control-allow-origin',
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-allow-credentials',
      ]) {
        assert.equal(res.headers.get(name), null, `${name} for ${origin}`);
      }
    }
  });

  const crossSite: [string, Record<string, string>][] = [
    ['another site in Origin', { Origin: 'https://evil.example' }],
    ['a look-alike host', { Origin: 'https://strategist.example.org.evil.example' }],
    ['our host over plain http', { Origin: 'http://strategist.example.org' }],
    ['our host on another port', { Origin: 'https://strategist.example.org:8443' }],
    ['an opaque origin (sandboxed frame, file:)', { Origin: 'null' }],
    ['a malformed Origin', { Origin: 'not a url' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'Sec-Fetch-Site: same-site (a sibling subdomain)',
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.example.org' },
    ],
  ];
  for (const [what, headers] of crossSite) {
    it(`refuses a JSON POST with ${what}: 403, clear error, nothing stored`, async () => {
      const before = site.rows().length;
      const res = await postLead(site.url, lead(), { headers });
      assert.equal(res.status, 403, res.text);
      assert.equal(res.json?.success, false);
      assert.match(String(res.json?.error), /own website|our website|this site/i);
      assert.equal(res.headers['access-control-allow-origin'], undefined);
      assert.equal(site.rows().length, before);
    });
  }

  it('refuses a cross-site no-JavaScript form post too', async () => {
    const before = site.rows().length;
    const body = new URLSearchParams(lead()).toString();
    const res = await postRaw(site.url, body, {
      contentType: 'application/x-www-form-urlencoded',
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Accept: 'text/html' },
    });
    assert.equal(res.status, 403);
    assert.equal(site.rows().length, before);
  });
});

describe('same-origin and non-browser clients', () => {
  it('accepts our own page: Origin equal to the address the request was sent to', async () => {
    const res = await postLead(site.url, lead(), { headers: { Origin: site.url, 'Sec-Fetch-Site': 'same-origin' } });
    assert.equal(res.status, 200, res.text);
  });

  it('accepts the configured PUBLIC_URL (the Host seen behind a proxy can differ)', async () => {
    const res = await postLead(site.url, lead(), { headers: { Origin: PUBLIC_URL } });
    assert.equal(res.status, 200, res.text);
  });

  it('accepts curl and servers, which send no Origin, and a typed-in navigation (Sec-Fetch-Site: none)', async () => {
    assert.equal((await postLead(site.url, lead())).status, 200);
    assert.equal((await postLead(site.url, lead(), { headers: { 'Sec-Fetch-Site': 'none' } })).status, 200);
  });

  it('accepts the no-JavaScript form from our own page', async () => {
    const body = new URLSearchParams(lead()).toString();
    const res = await postRaw(site.url, body, {
      contentType: 'application/x-www-form-urlencoded',
      headers: { Origin: site.url, 'Sec-Fetch-Site': 'same-origin', Accept: 'text/html' },
    });
    assert.equal(res.status, 200);
    assert.match(res.text, /Thank you for your interest!/);
  });
});
