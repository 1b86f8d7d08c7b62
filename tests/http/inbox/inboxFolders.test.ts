/**
 * The inbox's folders: spam with its reasons and release; the alerts still
 * owed with send again; the sources page with the figures of
 * `leads report --format json`; the activity log (no address in it); and the
 * CSV download, byte for byte what `leads export` writes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import type { SourceReport } from '../../../src/leads/sourceReport';
import { runCli } from '../../support/cli';
import { leadSitesPerTest, type LeadSite } from '../../support/leadSite';
import { newLeadRow } from '../../support/newLeadRow';
import { ownerFetch, postForm, signInByLink } from '../../support/ownerHttp';
import { waitFor } from '../../support/waitFor';

const site = leadSitesPerTest();
const HOUR = 3_600_000;

const page = async (s: LeadSite, cookie: string, path: string) => {
  const res = await ownerFetch(s, path, { headers: { Cookie: cookie } });
  assert.equal(res.status, 200, path);
  return parse(await res.text());
};

describe('the folders of the inbox', () => {
  it('lists spam with its reasons, and releases from there', async () => {
    const s = await site();
    assert.equal(
      (await s.post({ name: 'Visit https://spam.example', company: 'x', email: 'x@example.com' })).status,
      200,
    );
    assert.equal((await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' })).status, 200);
    const session = await signInByLink(s);
    const spam = await page(s, session.cookie, '/owner/spam');
    const items = spam.querySelectorAll('.owner-lead');
    assert.equal(items.length, 1);
    assert.match(items[0]?.text ?? '', /Visit https:\/\/spam\.example/);
    assert.match(items[0]?.text ?? '', new RegExp(`why: ${s.rows()[0]?.verdict_reasons}`));
    const release = await postForm(s, '/owner/leads/1/release', { _csrf: session.csrf }, { Cookie: session.cookie });
    assert.equal(release.status, 303);
    assert.equal((await page(s, session.cookie, '/owner/spam')).querySelectorAll('.owner-lead').length, 0);
  });

  it('lists failed alerts with their error, and sends them all again', async () => {
    const s = await site({ retry: { maxAttempts: 1 } });
    s.smtp.setMode('reject');
    for (const who of ['ada', 'bob'])
      assert.equal((await s.post({ name: who, company: 'Co', email: `${who}@example.com` })).status, 200);
    await waitFor(() => s.services.queue.countsByStatus().some((c) => c.status === 'failed' && c.count === 2));
    const session = await signInByLink(s);
    const alerts = await page(s, session.cookie, '/owner/alerts');
    const text = alerts.querySelector('main')?.text ?? '';
    assert.match(text, /email: failed/);
    assert.match(text, /Lead #2, bob/);
    assert.match(text, /Last error: .*550/, text);
    assert.equal(alerts.querySelector('main button')?.text, 'Send 2 failed alerts again');
    s.smtp.setMode('up');
    const res = await postForm(s, '/owner/alerts/send-again', { _csrf: session.csrf }, { Cookie: session.cookie });
    assert.equal(res.status, 303);
    await waitFor(() => s.smtp.messages.length === 2, 5_000, 'both e-mails');
    // The sink holds a message a moment before the sender records it as sent.
    await waitFor(() => s.rows().every((r) => r.email_status === 'sent'), 5_000, 'both e-mails recorded as sent');
    const after = await page(s, session.cookie, '/owner/alerts');
    assert.match(
      after.querySelector('main')?.text ?? '',
      /The failed alerts are back in the queue/,
      'what it did, once',
    );
    assert.match(after.querySelector('main')?.text ?? '', /Every alert was delivered/);
  });

  it('shows the figures of leads report --format json for 7, 30 and 90 days, per source and per language', async () => {
    const s = await site();
    const now = Date.now();
    const seeds: [string, 'verified' | 'unverified' | 'spam', number, string][] = [
      ['linkedin', 'verified', 2, 'en'],
      ['linkedin', 'verified', 20, 'pt-BR'],
      ['linkedin', 'unverified', 40, 'en'],
      ['newsletter', 'verified', 3, 'es'],
      ['newsletter', 'spam', 10, 'en'],
      ['podcast', 'verified', 60 * 24, 'en'],
    ];
    seeds.forEach(([source, verdict, hoursAgo, language], i) => {
      const id = s.services.leads.insert(
        newLeadRow({
          createdAt: new Date(now - hoursAgo * HOUR).toISOString(),
          verdict,
          dedupeKey: `k${i}`,
          language,
          source: { ...newLeadRow().source, utm_source: source },
        }),
      );
      if (i % 2 === 0) s.services.owner.leads.mark({ via: 'inbox', device: 'Chrome on Linux' }, id, 'contacted');
    });
    const today = new Date(now).toISOString().slice(0, 10);
    s.services.pageViews.add([
      { day: today, source: 'linkedin', language: 'en', views: 50 },
      { day: today, source: 'linkedin', language: 'pt-BR', views: 6 },
      { day: today, source: 'newsletter', language: 'es', views: 8 },
    ]);
    const session = await signInByLink(s);
    for (const days of [7, 30, 90]) {
      const report = JSON.parse(
        (await runCli(['report', '--days', String(days), '--format', 'json'], { DATABASE_PATH: s.databasePath }))
          .stdout,
      ) as SourceReport;
      const html = await page(s, session.cookie, `/owner/sources?days=${days}`);
      const rows = (table: string) =>
        html
          .querySelectorAll(`section[aria-labelledby="${table}-table-caption"] tbody tr`)
          .map((tr) => [tr.querySelector('th')?.text, ...tr.querySelectorAll('td').map((td) => td.text)]);
      const percent = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
      const hours = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} h`);
      const figures = (r: SourceReport['total']) => [
        String(r.views),
        String(r.leads.verified),
        String(r.leads.unverified),
        String(r.leads.spam),
        percent(r.conversion),
        hours(r.medianReplyHours),
      ];
      assert.deepEqual(
        rows('sources'),
        report.sources.map((r) => [r.source, ...figures(r)]),
        `${days} days`,
      );
      assert.ok(report.sources.length > 0);
      const names: Record<string, string> = { en: 'English (en)', 'pt-BR': 'Portuguese (pt-BR)', es: 'Spanish (es)' };
      assert.deepEqual(
        rows('languages'),
        report.languages.map((r) => [names[r.language], ...figures(r)]),
        `${days} days, per language`,
      );
      assert.deepEqual(
        report.languages.map((r) => [r.language, r.views, r.leads.verified + r.leads.unverified + r.leads.spam]),
        [
          ['en', 50, days === 90 ? 4 : 3], // the podcast's lead is 60 days old
          ['pt-BR', 6, 1],
          ['es', 8, 1],
        ],
        'the views and leads of each language',
      );
      // The chart is one image to a screen reader: named by its title, described by its text equivalent.
      const chart = html.querySelector('[role="img"]');
      const byId = (attribute: string) => html.getElementById(chart?.getAttribute(attribute) ?? '')?.text.trim();
      assert.equal(byId('aria-labelledby'), `Leads per source, last ${days} days`);
      assert.match(byId('aria-describedby') ?? '', /linkedin: \d+ verified/);
      assert.equal(html.querySelectorAll('script:not([src])').length, 0, 'no chart script');
    }
  });

  it("logs the owner's actions without addresses, and downloads the CSV of leads export", async () => {
    const s = await site();
    assert.equal((await s.post({ name: 'Ada', company: 'Engines, "Ltd"', email: 'ada@example.com' })).status, 200);
    await waitFor(() => s.smtp.messages.length === 1);
    const session = await signInByLink(s);
    await postForm(s, '/owner/leads/1/mark', { _csrf: session.csrf, status: 'won' }, { Cookie: session.cookie });
    const csv = await ownerFetch(s, '/owner/export.csv', { headers: { Cookie: session.cookie } });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(csv.headers.get('content-disposition') ?? '', /attachment; filename="leads.csv"/);
    const cli = await runCli(['export'], { DATABASE_PATH: s.databasePath });
    assert.equal(await csv.text(), cli.stdout);

    const activity = await page(s, session.cookie, '/owner/activity');
    const entries = activity.querySelectorAll('.owner-lead').map((li) => li.querySelector('.owner-lead-name')?.text);
    assert.deepEqual(entries, ['Data downloaded', 'Data downloaded', 'Lead marked', 'Signed in']);
    const sources = activity.querySelectorAll('.owner-lead-meta').map((meta) => meta.text.split(' · ')[1]);
    assert.equal(sources[0], 'command line', 'leads export, from the shell');
    assert.ok(
      sources.slice(1).every((source) => source?.startsWith('inbox, ')),
      sources.join('; '),
    );
    assert.doesNotMatch(activity.text, /ada@example|Engines/);
  });
});
