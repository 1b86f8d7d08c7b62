/**
 * What the owner's pages tell browsers, caches and crawlers: never stored,
 * never indexed, framed by nobody, under the site's strict CSP (no inline
 * script), absent from the sitemap and disallowed in robots.txt; the inbox's
 * 404 too. The session cookie is HttpOnly and SameSite=Lax (another site's
 * POST never carries it); behind https it takes the __Host- prefix: Secure, Path=/.
 * Sign-in posts are rate limited per client.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSitesPerTest } from '../support/leadSite';
import { ownerFetch, postForm, signInByLink } from '../support/ownerHttp';

const site = leadSitesPerTest();

function assertPrivate(res: Response, what: string) {
  assert.equal(res.headers.get('cache-control'), 'no-store', what);
  assert.equal(res.headers.get('x-robots-tag'), 'noindex, nofollow', what);
  assert.equal(res.headers.get('x-frame-options'), 'DENY', what);
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self'(;|$)/, what);
  assert.match(csp, /frame-ancestors 'none'/, what);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, what);
}

describe('owner pages in the eyes of browsers and crawlers', () => {
  it('are private, unframed and script-free inline, signed in or not', async () => {
    const s = await site();
    assert.equal((await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' })).status, 200);
    for (const path of ['/owner/login', '/owner', '/owner/register/x', '/owner/sign-in/x'])
      assertPrivate(await ownerFetch(s, path), `${path} signed out`);
    const session = await signInByLink(s);
    for (const path of [
      '/owner',
      '/owner/leads/1',
      '/owner/passkeys',
      '/owner/spam',
      '/owner/alerts',
      '/owner/sources',
      '/owner/activity',
      '/owner/sessions',
    ]) {
      const res = await ownerFetch(s, path, { headers: { Cookie: session.cookie } });
      assert.equal(res.status, 200, path);
      assertPrivate(res, path);
      const html = await res.text();
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${path}: no inline script`);
      assert.match(html, /<meta name="robots" content="noindex"/);
    }
    for (const path of ['/owner/export.csv', '/owner/leads/1/data.json'])
      assertPrivate(await ownerFetch(s, path, { headers: { Cookie: session.cookie } }), path);
    // A page that does not exist, or a lead that does not (any more): the inbox's own 404, never stored.
    for (const path of ['/owner/nothing-here', '/owner/leads/999', '/owner/leads/999/data.json']) {
      const res = await ownerFetch(s, path, { headers: { Cookie: session.cookie } });
      assert.equal(res.status, 404, path);
      assertPrivate(res, `${path} (404)`);
      assert.match(await res.text(), /There is no such page in your inbox/, path);
    }
    const robots = await (await ownerFetch(s, '/robots.txt')).text();
    assert.match(robots, /^Disallow: \/owner$/m);
    const sitemap = await (await ownerFetch(s, '/sitemap.xml')).text();
    assert.doesNotMatch(sitemap, /owner/);
  });

  it('set the session cookie HttpOnly and SameSite=Lax, with the __Host- prefix behind https', async () => {
    const plain = await site();
    const local = await signInByLink(plain);
    assert.match(local.setCookie, /^owner_session=[A-Za-z0-9_-]{43};/);
    assert.match(local.setCookie, /; Path=\/owner(;|$)/);
    assert.match(local.setCookie, /; HttpOnly/);
    assert.match(local.setCookie, /; SameSite=Lax/);
    assert.doesNotMatch(local.setCookie, /Secure/, 'http://localhost has no TLS');

    const tls = await site({ env: { PUBLIC_URL: 'https://leads.example.org' } });
    const link = new URL(tls.services.owner.links.create('sign-in').url);
    assert.equal(link.origin, 'https://leads.example.org');
    const res = await ownerFetch(tls, link.pathname, { method: 'POST' });
    const cookie = res.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^__Host-owner_session=[A-Za-z0-9_-]{43};/);
    assert.match(cookie, /; Path=\/;/);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; Secure/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.doesNotMatch(cookie, /Domain=/);
  });

  it('rate limits sign-in, link and passkey posts per client: 20 in 10 minutes, then 429', async () => {
    const s = await site();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await ownerFetch(s, '/owner/login/options', { method: 'POST' })).status);
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(200));
    assert.equal(statuses[20], 429);
    const link = await postForm(s, '/owner/login/email-link', {});
    assert.equal(link.status, 429, 'the e-mailed link shares the limit');
    const sent = await postForm(s, `/owner/sign-in/${'A'.repeat(43)}`, {});
    assert.equal(sent.status, 429, 'so does the link button');
    const passkey = await ownerFetch(s, '/owner/passkeys/options', { method: 'POST' });
    assert.equal(passkey.status, 429, 'and adding a passkey');
  });

  it('answers the e-mail link request the same with e-mail configured or not', async () => {
    const withMail = await site();
    const withoutMail = await site({ email: false });
    const answers = await Promise.all(
      [withMail, withoutMail].map(async (s) => {
        const res = await postForm(s, '/owner/login/email-link', {});
        return [res.status, (await res.text()).replace(/\/assets\/[^"]+/g, '')] as const;
      }),
    );
    assert.deepEqual(answers[0], answers[1]);
    assert.equal(answers[0]?.[0], 200);
  });
});
