/**
 * The owner's inbox shows nothing and changes nothing without a valid
 * session: a page answers with a redirect to the login page, an action with
 * 403. The same after sign-out, after the idle limit, after the absolute
 * lifetime, without the session's form token, and from another origin.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { ownerFetch, postForm, signInByLink, type OwnerHttpSession } from '../support/ownerHttp';

const site = leadSitesPerTest();
const LEAD = { name: 'Grace Hopper', company: 'Compilers Inc', email: 'grace@example.com' };
const HOUR = 3_600_000;

/** Every page, and where it sends a stranger: the login page, told which inbox page to open afterwards. */
const PAGES: [string, string][] = [
  ['/owner', '/owner/login'],
  ['/owner?q=grace', '/owner/login'],
  ['/owner/leads/1', '/owner/login?next=%2Fowner%2Fleads%2F1'],
  ['/owner/leads/1/data.json', '/owner/login'],
  ['/owner/passkeys', '/owner/login?next=%2Fowner%2Fpasskeys'],
  ['/owner/spam', '/owner/login?next=%2Fowner%2Fspam'],
  ['/owner/alerts', '/owner/login?next=%2Fowner%2Falerts'],
  ['/owner/sources', '/owner/login?next=%2Fowner%2Fsources'],
  ['/owner/activity', '/owner/login?next=%2Fowner%2Factivity'],
  ['/owner/sessions', '/owner/login?next=%2Fowner%2Fsessions'],
  ['/owner/export.csv', '/owner/login'],
  ['/owner/content', '/owner/login?next=%2Fowner%2Fcontent'],
  ['/owner/content/hero', '/owner/login?next=%2Fowner%2Fcontent%2Fhero'],
  ['/owner/content/preview', '/owner/login?next=%2Fowner%2Fcontent%2Fpreview'],
  ['/owner/content/history', '/owner/login?next=%2Fowner%2Fcontent%2Fhistory'],
  ['/owner/anything', '/owner/login'],
];

/** Every action on the page's content, with what it would change. */
const CONTENT_ACTIONS: [string, Record<string, string>][] = [
  ['/owner/content/services', { version: '0', 'services.0.title': 'Changed by a stranger' }],
  ['/owner/content/hero', { version: '0', 'hero.headline': 'Changed by a stranger', op: 'add:hero.markets' }],
  ['/owner/content/publish', { version: '0' }],
  ['/owner/content/history/1/restore', { version: '0' }],
];

/** Every action, with what it would change. */
const ACTIONS: [string, Record<string, string>][] = [
  ['/owner/leads/1/mark', { status: 'won' }],
  ['/owner/leads/1/release', {}],
  ['/owner/leads/1/send-again', {}],
  ['/owner/leads/1/erase', { email: LEAD.email }],
  ['/owner/alerts/send-again', {}],
  ['/owner/passkeys/options', {}],
  ['/owner/passkeys', {}],
  ['/owner/passkeys/some-id/remove', {}],
  [`/owner/sessions/${'a'.repeat(64)}/end`, {}],
  ['/owner/sessions/end-others', {}],
  ['/owner/sign-out', {}],
  ...CONTENT_ACTIONS,
];

async function siteWithLead(now?: () => number): Promise<LeadSite> {
  const s = await site({ now });
  assert.equal((await s.post(LEAD)).status, 200);
  return s;
}

/** Asserts every page redirects to the login page and every action is refused, and nothing changed. */
async function assertShutOut(s: LeadSite, session: Partial<OwnerHttpSession>) {
  const headers: Record<string, string> = session.cookie ? { Cookie: session.cookie } : {};
  const sessionsBefore = s.services.owner.reads.sessions().length;
  for (const [path, login] of PAGES) {
    const res = await ownerFetch(s, path, { headers });
    assert.equal(res.status, 303, path);
    assert.equal(res.headers.get('location'), login, path);
    const body = await res.text();
    assert.doesNotMatch(body, /Grace|Compilers|grace@example/, `${path} shows no lead data`);
  }
  for (const [path, fields] of ACTIONS) {
    const res = await postForm(s, path, { ...fields, _csrf: session.csrf ?? '' }, headers);
    assert.equal(res.status, 403, path);
    assert.doesNotMatch(await res.text(), /Grace|Compilers|grace@example/);
  }
  // A link followed from another site (a webmail, an SMS) is answered as any other: the login page.
  for (const [path, login] of PAGES) {
    const res = await ownerFetch(s, path, { headers: { ...headers, 'Sec-Fetch-Site': 'cross-site' } });
    assert.equal(res.status, 303, `${path} from another site`);
    assert.equal(res.headers.get('location'), login, path);
    assert.doesNotMatch(await res.text(), /Grace|Compilers|grace@example/);
  }
  assert.equal(s.rows().length, 1, 'the lead is not erased');
  assert.equal(s.rows()[0]?.status, 'new', 'the lead is not marked');
  assert.equal(s.services.owner.reads.sessions().length, sessionsBefore, 'no session ended or made');
  assertContentUnchanged(s);
}

function assertContentUnchanged(s: LeadSite) {
  assert.equal(s.services.owner.content.draft().version, 0, 'no draft saved');
  assert.equal(s.services.owner.content.history().length, 1, 'nothing published');
}

describe('the inbox without a valid session', () => {
  it('shows nothing and changes nothing to a stranger', async () => {
    const s = await siteWithLead();
    await assertShutOut(s, {});
    await assertShutOut(s, { cookie: 'owner_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  });

  it('lets the owner in with a session, and shuts him out once he signed out', async () => {
    const s = await siteWithLead();
    const session = await signInByLink(s);
    const page = await ownerFetch(s, '/owner/leads/1', { headers: { Cookie: session.cookie } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Grace Hopper/);
    const out = await postForm(s, '/owner/sign-out', { _csrf: session.csrf }, { Cookie: session.cookie });
    assert.equal(out.status, 303);
    assert.match(out.headers.get('set-cookie') ?? '', /owner_session=;/, 'the cookie is cleared');
    await assertShutOut(s, session);
  });

  it('ends a session unused for OWNER_SESSION_IDLE_HOURS', async () => {
    let offset = 0;
    const s = await site({ now: () => Date.now() + offset, env: { OWNER_SESSION_IDLE_HOURS: '2' } });
    assert.equal((await s.post(LEAD)).status, 200);
    const session = await signInByLink(s);
    offset = 2 * HOUR - 60_000;
    const within = await ownerFetch(s, '/owner', { headers: { Cookie: session.cookie } });
    assert.equal(within.status, 200, 'still valid a minute before the limit');
    offset += 2 * HOUR - 60_000; // used a moment ago: idle time starts again
    assert.equal((await ownerFetch(s, '/owner', { headers: { Cookie: session.cookie } })).status, 200);
    offset += 2 * HOUR + 1_000;
    await assertShutOut(s, session);
  });

  it('ends a session OWNER_SESSION_MAX_DAYS after it began, however busy', async () => {
    let offset = 0;
    const s = await site({ now: () => Date.now() + offset, env: { OWNER_SESSION_MAX_DAYS: '1' } });
    assert.equal((await s.post(LEAD)).status, 200);
    const session = await signInByLink(s);
    for (let hour = 5; hour < 24; hour += 5) {
      offset = hour * HOUR;
      assert.equal((await ownerFetch(s, '/owner', { headers: { Cookie: session.cookie } })).status, 200);
    }
    offset = 24 * HOUR + 1_000;
    await assertShutOut(s, session);
  });

  it("refuses an action without the form token, with another session's, or from another origin", async () => {
    const s = await siteWithLead();
    const session = await signInByLink(s);
    const other = await signInByLink(s);
    const mark = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      postForm(s, '/owner/leads/1/mark', { status: 'won', ...fields }, { Cookie: session.cookie, ...headers });
    assert.equal((await mark({})).status, 403, 'no token');
    assert.equal((await mark({ _csrf: other.csrf })).status, 403, "another session's token");
    assert.equal((await mark({ _csrf: `${session.csrf}x` })).status, 403, 'an altered token');
    assert.equal(
      (await mark({ _csrf: session.csrf }, { Origin: 'https://evil.example' })).status,
      403,
      'another origin',
    );
    assert.equal((await mark({ _csrf: session.csrf }, { 'Sec-Fetch-Site': 'cross-site' })).status, 403, 'another site');
    assert.equal(s.rows()[0]?.status, 'new', 'nothing changed');
    for (const [path, fields] of CONTENT_ACTIONS) {
      const post = (extra: Record<string, string>, headers: Record<string, string> = {}) =>
        postForm(s, path, { ...fields, ...extra }, { Cookie: session.cookie, ...headers });
      assert.equal((await post({})).status, 403, `${path}: no token`);
      assert.equal((await post({ _csrf: other.csrf })).status, 403, `${path}: another session's token`);
      assert.equal((await post({ _csrf: session.csrf }, { Origin: 'https://evil.example' })).status, 403, path);
      assert.equal((await post({ _csrf: session.csrf }, { 'Sec-Fetch-Site': 'cross-site' })).status, 403, path);
    }
    assertContentUnchanged(s);

    const done = await mark({ _csrf: session.csrf }, { Origin: s.config.publicUrl, 'Sec-Fetch-Site': 'same-origin' });
    assert.equal(done.status, 303);
    assert.equal(done.headers.get('location'), '/owner/leads/1');
    assert.equal(s.rows()[0]?.status, 'won');
    const page = () => ownerFetch(s, '/owner/leads/1', { headers: { Cookie: session.cookie } }).then((r) => r.text());
    assert.match(await page(), /Lead #1 is marked won\./, 'the action says what it did on the next page');
    assert.doesNotMatch(await page(), /is marked won\./, 'once');
  });
});
