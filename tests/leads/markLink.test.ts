/**
 * The "Mark as contacted" link of the alert e-mail, through the real app: the
 * link in the e-mail opens a page with one button; the button's POST marks the
 * lead (and cancels its reminder); the link works once; an altered, expired or
 * other lead's link gets a clear 403 page and changes nothing. The pages are
 * not indexed, not cached, and carry the site's security headers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const DAY_MS = 86_400_000;

async function siteWithLead(): Promise<{ s: LeadSite; link: URL; advance(ms: number): void }> {
  let offset = 0;
  const s = await site({ now: () => Date.now() + offset });
  await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' });
  await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' });
  await waitFor(() => s.smtp.messages.length === 2, 5000, 'the alert e-mails');
  const mail = s.smtp.messages.find((m) => m.subject?.includes('Ada Lovelace'));
  const href = /Answered\? Mark it as contacted: (\S+)\n/.exec(mail?.text ?? '')?.[1];
  assert.ok(href, `a link in the e-mail:\n${mail?.text}`);
  // The link names the configured public origin; the test's server listens elsewhere.
  const link = new URL(href);
  assert.equal(link.origin, 'http://localhost:3000');
  return { s, link: new URL(`${link.pathname}${link.search}`, s.url), advance: (ms) => void (offset += ms) };
}

const statusOf = (s: LeadSite, id: number) =>
  s.services.db.prepare('SELECT status FROM leads WHERE id = ?').pluck().get(id);
const marks = (s: LeadSite) =>
  s.services.db.prepare('SELECT lead_id, status, via FROM lead_marks ORDER BY rowid').all();
const postLink = (s: LeadSite, link: URL, fields = Object.fromEntries(link.searchParams)) =>
  fetch(new URL(link.pathname, s.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
    body: new URLSearchParams(fields),
  });

function assertPrivatePage(res: Response): void {
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.equal(res.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'self'/);
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
}

describe('the "Mark as contacted" link', () => {
  it('opens a page with one button that changes nothing; the button marks the lead and cancels its reminder', async () => {
    const { s, link } = await siteWithLead();
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assertPrivatePage(page);
    const html = await page.text();
    assert.match(html, /<h1>Mark lead #1 as contacted\?<\/h1>/);
    assert.match(html, /<meta name="robots" content="noindex"\/>/);
    assert.equal(html.match(/<button/g)?.length, 1);
    assert.equal(statusOf(s, 1), 'new', 'opening the link changes nothing');
    const reminders = () =>
      s.services.db
        .prepare("SELECT channel, status FROM alerts WHERE lead_id = 1 AND channel LIKE 'reminder-%' ORDER BY channel")
        .all();
    assert.deepEqual(reminders(), [
      { channel: 'reminder-email', status: 'pending' },
      { channel: 'reminder-sms', status: 'pending' },
    ]);

    const done = await postLink(s, link);
    assert.equal(done.status, 200);
    assertPrivatePage(done);
    assert.match(await done.text(), /<h1>Lead #1 is marked as contacted<\/h1>/);
    assert.equal(statusOf(s, 1), 'contacted');
    assert.equal(statusOf(s, 2), 'new', 'only the lead the link names');
    assert.deepEqual(marks(s), [{ lead_id: 1, status: 'contacted', via: 'link' }]);
    assert.deepEqual(reminders(), [
      { channel: 'reminder-email', status: 'cancelled' },
      { channel: 'reminder-sms', status: 'cancelled' },
    ]);
  });

  it('works once: used again, it is refused and changes nothing', async () => {
    const { s, link } = await siteWithLead();
    assert.equal((await postLink(s, link)).status, 200);
    s.services.db.prepare("UPDATE leads SET status = 'won' WHERE id = 1").run();
    for (const again of [await postLink(s, link), await fetch(link)]) {
      assert.equal(again.status, 403);
      assert.match(await again.text(), /This link has been used already\. Nothing was changed this time\./);
    }
    assert.equal(statusOf(s, 1), 'won');
    assert.equal(marks(s).length, 1);
  });

  it('does not undo won: for a lead marked since, its page and its post say so and change nothing', async () => {
    const { s, link } = await siteWithLead();
    assert.equal(s.services.owner.leads.mark({ via: 'cli' }, 1, 'won').kind, 'marked');
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assertPrivatePage(page);
    const html = await page.text();
    assert.match(html, /<h1>Lead #1 is already marked won<\/h1>/);
    assert.match(html, /This lead is already marked won\. Nothing was changed\./);
    assert.equal(html.match(/<button/g), null, 'no button to press');
    const post = await postLink(s, link);
    assert.equal(post.status, 200);
    assertPrivatePage(post);
    assert.match(await post.text(), /This lead is already marked won\. Nothing was changed\./);
    assert.equal(statusOf(s, 1), 'won');
    assert.deepEqual(marks(s), [{ lead_id: 1, status: 'won', via: 'cli' }], 'no mark by the link');
    // Not spent: once the mark is undone (new again), the same link marks the lead.
    assert.equal(s.services.owner.leads.mark({ via: 'cli' }, 1, 'new').kind, 'marked');
    const done = await postLink(s, link);
    assert.equal(done.status, 200);
    assert.match(await done.text(), /<h1>Lead #1 is marked as contacted<\/h1>/);
    assert.equal(statusOf(s, 1), 'contacted');
  });

  it("refuses an altered, another lead's or an expired link with a 403 page, and changes nothing", async () => {
    const { s, link, advance } = await siteWithLead();
    const fields = Object.fromEntries(link.searchParams);
    const refusals: [string, Record<string, string>][] = [
      ['another lead', { ...fields, lead: '2' }],
      ['another action', { ...fields, action: 'won' }],
      ['a later expiry', { ...fields, expires: String(Number(fields.expires) + DAY_MS / 1000) }],
      [
        'a changed signature',
        { ...fields, sig: `${fields.sig?.slice(0, -1)}${fields.sig?.endsWith('A') ? 'B' : 'A'}` },
      ],
      ['no signature', { lead: fields.lead ?? '', action: 'contacted', expires: fields.expires ?? '' }],
    ];
    for (const [what, values] of refusals) {
      for (const res of [
        await fetch(`${link.origin}${link.pathname}?${new URLSearchParams(values)}`),
        await postLink(s, link, values),
      ]) {
        assert.equal(res.status, 403, what);
        assertPrivatePage(res);
        assert.match(
          await res.text(),
          /This link is not valid: it may have been copied incompletely or changed\. Nothing was changed\./,
          what,
        );
      }
    }
    advance(30 * DAY_MS + 1000);
    const expired = await postLink(s, link);
    assert.equal(expired.status, 403);
    assert.match(await expired.text(), /This link has expired \(links work for 30 days after the lead arrived\)/);
    assert.deepEqual([statusOf(s, 1), statusOf(s, 2)], ['new', 'new']);
    assert.deepEqual(marks(s), []);
  });

  it("refuses a post from another site's page", async () => {
    const { s, link } = await siteWithLead();
    const res = await fetch(new URL(link.pathname, s.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: new URLSearchParams(Object.fromEntries(link.searchParams)),
    });
    assert.equal(res.status, 403);
    assert.equal(statusOf(s, 1), 'new');
  });
});
