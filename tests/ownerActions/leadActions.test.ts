/**
 * What the owner does to a lead from its page, with the same results as the
 * CLI: release sends exactly the missing alerts, once; send again delivers a
 * failed alert; the download is `export --email`'s JSON; erasure needs the
 * address typed, and then leaves no byte of it in the database or its log,
 * nor a term of the person in the search index's pages.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { alertEnv, FAST_ALERTS, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { ownerFetch, postForm, signInByLink, type OwnerHttpSession } from '../support/ownerHttp';
import { parse } from 'node-html-parser';
import { waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const SPAM = { name: 'Cheap pills https://pills.example', company: 'Pills', email: 'pills@example.com' };

const alertsOf = (s: LeadSite, id: number) =>
  s.services.db.prepare('SELECT channel, status, attempts FROM alerts WHERE lead_id = ? ORDER BY channel').all(id);

async function act(s: LeadSite, session: OwnerHttpSession, path: string, fields: Record<string, string> = {}) {
  return postForm(s, path, { _csrf: session.csrf, ...fields }, { Cookie: session.cookie });
}

describe("a lead's actions in the inbox", () => {
  it('releases a spam lead: exactly its missing alerts, once, as leads release does', async () => {
    const s = await site();
    assert.equal((await s.post(SPAM)).status, 200);
    assert.equal((await s.post({ ...SPAM, email: 'pills2@example.com' })).status, 200);
    assert.deepEqual(
      s.rows().map((r) => r.verdict),
      ['spam', 'spam'],
    );
    assert.deepEqual(alertsOf(s, 1), [], 'spam got no alerts');
    const session = await signInByLink(s);
    const page = await (await ownerFetch(s, '/owner/leads/1', { headers: { Cookie: session.cookie } })).text();
    assert.match(page, /Held back as spam/);

    const released = await act(s, session, '/owner/leads/1/release');
    assert.equal(released.status, 303);
    assert.equal(released.headers.get('location'), '/owner/leads/1');
    await waitFor(() => s.twilio.messages.length === 1 && s.smtp.messages.length === 1, 5_000, 'the two alerts');
    const again = await act(s, session, '/owner/leads/1/release');
    assert.equal(again.status, 303);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(s.twilio.messages.length, 1, 'no second SMS');
    assert.equal(s.smtp.messages.length, 1, 'no second e-mail');

    const cli = await runCli(['release', '2'], {
      ...FAST_ALERTS,
      ...alertEnv(s.twilio, s.smtp),
      DATABASE_PATH: s.databasePath,
    });
    assert.equal(cli.code, 0, cli.stderr);
    assert.deepEqual(
      s.rows().map((r) => r.verdict),
      ['verified', 'verified'],
    );
    await waitFor(() => s.smtp.messages.length === 2, 5_000, 'the released twin');
    const channels = (id: number) => (alertsOf(s, id) as { channel: string }[]).map((a) => a.channel);
    assert.deepEqual(channels(1), channels(2), 'the same alerts as the CLI queues');
    const shown = await (await ownerFetch(s, '/owner/leads/1', { headers: { Cookie: session.cookie } })).text();
    assert.match(shown, /Lead #1 is released/, 'the release says what it did on the next page');
    // The release from the shell is in the owner's activity as one from the inbox is, with where it came from.
    const activity = await (await ownerFetch(s, '/owner/activity', { headers: { Cookie: session.cookie } })).text();
    const lines = [...activity.matchAll(/<li class="owner-lead">(.*?)<\/li>/g)].map((m) =>
      m[1]?.replace(/<[^>]+>/g, ''),
    );
    assert.match(lines[0] ?? '', /^Lead released.*lead 2: was spam.*command line$/, 'the CLI release, newest first');
    assert.match(lines[1] ?? '', /^Lead released.*lead 1: was verified.*inbox, /, 'the second inbox release');

    // A lead that is not there (never was, or erased) is answered, not left waiting.
    for (const path of ['/owner/leads/99/release', '/owner/leads/x/release']) {
      const missing = await act(s, session, path);
      assert.equal(missing.status, 404, path);
      assert.match(await missing.text(), /There is no such page in your inbox/, path);
    }
  });

  it("links the lead's address alone: a hostile address adds no subject, copy or body to the owner's mail", async () => {
    const s = await site();
    const hostile = 'x?subject=Invoice&cc=someone@evil.example';
    assert.equal((await s.post({ name: 'Mallory', company: 'Evil', email: hostile })).status, 200);
    const session = await signInByLink(s);
    const page = parse(await (await ownerFetch(s, '/owner/leads/1', { headers: { Cookie: session.cookie } })).text());
    const link = page.querySelectorAll('a').find((a) => a.text === hostile);
    assert.equal(link?.getAttribute('href'), 'mailto:x%3Fsubject%3DInvoice%26cc%3Dsomeone@evil.example');
    const url = new URL(link?.getAttribute('href') ?? '');
    assert.equal(url.search, '', 'no header fields: no ? in the link');
    // The reply link's own subject and body come after the address, which stays one address.
    const reply = page.querySelectorAll('a').find((a) => a.text.trim() === 'Reply by e-mail');
    const [address, fields] = (reply?.getAttribute('href') ?? '').split('?');
    assert.equal(address, 'mailto:x%3Fsubject%3DInvoice%26cc%3Dsomeone@evil.example');
    assert.deepEqual(
      fields?.split('&').map((field) => field.split('=')[0]),
      ['subject', 'body'],
    );
  });

  it('sends failed alerts again', async () => {
    const s = await site({ retry: { maxAttempts: 1 } });
    s.smtp.setMode('reject');
    assert.equal((await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' })).status, 200);
    await waitFor(() =>
      (alertsOf(s, 1) as { channel: string; status: string }[]).some(
        (a) => a.channel === 'email' && a.status === 'failed',
      ),
    );
    const session = await signInByLink(s);
    const page = await (await ownerFetch(s, '/owner/leads/1', { headers: { Cookie: session.cookie } })).text();
    assert.match(page, /email<\/strong>: failed, 1 attempt/);
    assert.match(page, /Last error: .*550/);
    s.smtp.setMode('up');
    const res = await act(s, session, '/owner/leads/1/send-again');
    assert.equal(res.status, 303);
    await waitFor(() => s.smtp.messages.length === 1, 5_000, 'the e-mail sent again');
    await waitFor(() =>
      (alertsOf(s, 1) as { channel: string; status: string }[]).some(
        (a) => a.channel === 'email' && a.status === 'sent',
      ),
    );
  });

  it("downloads the person's data as leads export --email writes it", async () => {
    const s = await site();
    for (const email of ['ada@example.com', 'ADA@Example.com'])
      assert.equal((await s.post({ name: 'Ada', company: `Engines ${email}`, email })).status, 200);
    await waitFor(() => s.smtp.messages.length === 2 && s.twilio.messages.length === 2, 5_000, 'the alerts');
    await waitFor(() =>
      s.services.queue.countsByStatus().every((c) => c.status !== 'pending' || c.channel.startsWith('reminder')),
    );
    const session = await signInByLink(s);
    const res = await ownerFetch(s, '/owner/leads/2/data.json', { headers: { Cookie: session.cookie } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="lead-2-person.json"/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const fromPage = (await res.json()) as { exported_at: string; email: string; leads: unknown[] };
    const cli = await runCli(['export', '--email', 'ADA@Example.com'], { DATABASE_PATH: s.databasePath });
    const fromCli = JSON.parse(cli.stdout) as typeof fromPage;
    assert.equal(fromPage.leads.length, 2);
    assert.deepEqual({ ...fromPage, exported_at: '' }, { ...fromCli, exported_at: '' });
    const denied = await ownerFetch(s, '/owner/leads/2/data.json');
    assert.equal(denied.status, 303, 'not without a session');
  });

  it('erases the person only with the address typed, and leaves no byte of it', async () => {
    const s = await site();
    const address = 'erase.me@subject.example';
    assert.equal((await s.post({ name: 'Erin', company: 'Subject', email: address })).status, 200);
    const company = 'Subject two Жук';
    assert.equal((await s.post({ name: 'Erin', company, email: address.toUpperCase() })).status, 200);
    assert.equal((await s.post({ name: 'Other', company: 'Kept', email: 'other@example.com' })).status, 200);
    await waitFor(() => s.smtp.messages.length === 3, 5_000, 'the alerts');
    const session = await signInByLink(s);
    // The search index's terms (trigrams) that only this person's fields have: there before, gone after.
    s.services.db.exec("CREATE VIRTUAL TABLE temp.search_terms USING fts5vocab(main, 'leads_search', 'row')");
    const indexed = () =>
      new Set(s.services.db.prepare('SELECT term FROM temp.search_terms').pluck().all() as string[]);
    const trigrams = (...fields: string[]) =>
      new Set(fields.flatMap((f) => [...f].map((_, i) => f.slice(i, i + 3)).filter((t) => t.length === 3)));
    const others = trigrams('other', 'kept', 'other@example.com');
    const own = [...trigrams('erin', 'subject', 'subject two жук', address)].filter((t) => !others.has(t));
    assert.ok(own.length > 10 && own.every((t) => indexed().has(t)), 'indexed before the erasure');
    // The vocabulary hides a deleted lead's terms at once; its pages may still hold them. 'жук' (from Жук, a
    // script no other lead writes) is stored whole in the index's pages: it must be gone from them and the file.
    const zhuk = Buffer.from('жук');
    const inIndexPages = () =>
      s.services.db.prepare('SELECT COUNT(*) FROM leads_search_data WHERE instr(block, ?) > 0').pluck().get(zhuk);
    assert.ok((inIndexPages() as number) > 0, "the index's pages hold the term before the erasure");
    const found = await ownerFetch(s, `/owner?q=${encodeURIComponent('me@subject')}`, {
      headers: { Cookie: session.cookie },
    });
    assert.match(await found.text(), /Subject two/, 'the search finds the person');

    const wrong = await act(s, session, '/owner/leads/1/erase', { email: 'someone@subject.example' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.headers.get('content-type') ?? '', /^text\/html/);
    const again = parse(await wrong.text());
    assert.equal(again.querySelector('h1')?.text, 'Erin', "the lead's page again, in the inbox's layout");
    assert.ok(again.querySelector('nav[aria-label="Inbox sections"]'), "with the inbox's sections");
    const field = again.querySelector('#erase-email');
    assert.equal(field?.getAttribute('aria-invalid'), 'true');
    assert.equal(field?.getAttribute('value'), 'someone@subject.example', 'what was typed, to correct it');
    assert.equal(field?.getAttribute('aria-describedby'), 'erase-error');
    assert.match(
      again.querySelector('#erase-error')?.text ?? '',
      /Type the e-mail address of this lead exactly.*Nothing was erased/,
    );
    assert.equal(s.rows().length, 3);

    const done = await act(s, session, '/owner/leads/1/erase', { email: ` ${address.toUpperCase()} ` });
    assert.equal(done.status, 303);
    assert.equal(done.headers.get('location'), '/owner');
    const list = await (await ownerFetch(s, '/owner', { headers: { Cookie: session.cookie } })).text();
    assert.match(list, /The person is erased: 2 leads/);
    assert.deepEqual(
      s.rows().map((r) => r.email),
      ['other@example.com'],
    );
    for (const file of [s.databasePath, `${s.databasePath}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file).toString('latin1').toLowerCase();
      assert.ok(!bytes.includes(address), `${file} holds no trace of the address`);
      assert.ok(!readFileSync(file).includes(zhuk), `${file} holds no term only the person had`);
    }
    assert.equal(inIndexPages(), 0, "the index's pages hold the term no more");
    assert.deepEqual(
      own.filter((t) => indexed().has(t)),
      [],
      'no term of the person is left in the search index',
    );
    const search = await ownerFetch(s, `/owner?q=${encodeURIComponent('me@subject')}`, {
      headers: { Cookie: session.cookie },
    });
    assert.match(await search.text(), /No leads match/);
    const crafted = await ownerFetch(s, '/owner?done=erased&n=5', { headers: { Cookie: session.cookie } });
    assert.doesNotMatch(await crafted.text(), /erased/, 'a notice comes from the action, never from a query');
    const activity = s.services.owner.reads.activity(5).find((a) => a.action === 'erased');
    assert.equal(activity?.detail, '2 leads, 8 alerts, 0 marks', 'SMS, e-mail and two reminders each');
    const cli = await runCli(['export', '--email', address], { DATABASE_PATH: s.databasePath });
    assert.deepEqual((JSON.parse(cli.stdout) as { leads: unknown[] }).leads, []);
  });
});
