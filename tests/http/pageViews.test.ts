/**
 * Page views are counted on the server in aggregate only: per UTC day and
 * source (the landing URL's utm_source, else the Referer's host, else
 * direct), for GET / from a client that does not call itself a bot; never
 * for HEAD, the health check, other pages or crawlers. No IP, no per-visit
 * row, and no cookie on any answer. The counts reach SQLite once a minute
 * and at shutdown; a source stored for the day keeps its name after a restart.
 * A home page in another language (/pt/, /es/) is counted under its tag.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countHomePageViews } from '../../src/http/homePageViews';
import { leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { startServer } from '../support/serverProcess';
import { tempDir } from '../support/tempDirs';
import { readViewsAt } from '../support/leadRows';

const site = leadSitesPerTest();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);

const views = (s: LeadSite) => {
  s.services.views.flush(); // as the server does every minute
  return s.services.db.prepare('SELECT day, source, views FROM page_views ORDER BY source').all();
};

describe('page views', () => {
  it('counts GET / per source: utm_source, else the referring host, else direct', async () => {
    const s = await site();
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${s.url}${path}`, { headers: { 'User-Agent': BROWSER, ...headers } });
    await get('/?utm_source=linkedin&utm_campaign=q1');
    await get('/?utm_source=LinkedIn');
    await get('/', { Referer: 'https://www.news.example.org/post/1' });
    await get('/', { Referer: 'https://news.example.org/other' });
    await get('/?utm_source=newsletter', { Referer: 'https://news.example.org/post/1' });
    await get('/');
    await get('/', { Referer: 'http://localhost:3000/some-page' }); // our own site: not a referrer
    assert.deepEqual(views(s), [
      { day: today(), source: 'direct', views: 2 },
      { day: today(), source: 'linkedin', views: 2 },
      { day: today(), source: 'news.example.org', views: 2 },
      { day: today(), source: 'newsletter', views: 1 },
    ]);
  });

  it('does not count HEAD, the health check, other pages, crawlers or clients without a name', async () => {
    const s = await site();
    await fetch(`${s.url}/`, { method: 'HEAD', headers: { 'User-Agent': BROWSER } });
    await fetch(`${s.url}/healthz`, { headers: { 'User-Agent': BROWSER } });
    await fetch(`${s.url}/robots.txt`, { headers: { 'User-Agent': BROWSER } });
    await fetch(`${s.url}/no-such-page`, { headers: { 'User-Agent': BROWSER } });
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'AhrefsBot/7.0',
      'Baiduspider',
      'my-crawler/1.0',
      '',
    ]) {
      await fetch(`${s.url}/`, { headers: { 'User-Agent': agent } });
    }
    assert.deepEqual(views(s), []);
    await fetch(`${s.url}/`, { headers: { 'User-Agent': BROWSER, 'If-None-Match': '"anything"' } });
    assert.deepEqual(views(s), [{ day: today(), source: 'direct', views: 1 }], 'a browser counts');
  });

  it('never sets a cookie, on any page or answer', async () => {
    const s = await site();
    const answers = await Promise.all([
      fetch(`${s.url}/?utm_source=linkedin`, { headers: { 'User-Agent': BROWSER } }),
      fetch(`${s.url}/nothing-here`),
      fetch(`${s.url}/healthz`),
      fetch(`${s.url}/functions/v1/lead-challenge`),
      s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' }).then(() => fetch(`${s.url}/robots.txt`)),
    ]);
    for (const res of answers) assert.equal(res.headers.get('set-cookie'), null, res.url);
  });

  it('keeps made-up sources from growing without bound: past 500 a day, they count as other', async () => {
    const s = await site();
    for (let i = 0; i < 505; i++)
      await fetch(`${s.url}/?utm_source=made-up-${i}`, { headers: { 'User-Agent': BROWSER } });
    const rows = views(s) as { source: string; views: number }[];
    assert.equal(rows.length, 501);
    assert.deepEqual(
      rows.find((r) => r.source === 'other'),
      { day: today(), source: 'other', views: 5 },
    );
  });
});

describe('page views over a day of made-up sources', () => {
  it('keep a day within 500 sources across 60 one-minute writes; a source stored before keeps its name', async () => {
    let clock = Date.parse('2026-11-25T08:00:00Z');
    const s = await site({ now: () => clock, startWorker: false });
    const visit = (source: string) =>
      fetch(`${s.url}/?utm_source=${source}`, { headers: { 'User-Agent': BROWSER } }).then((r) => r.arrayBuffer());
    for (let i = 0; i < 3; i++) await visit('linkedin');
    s.services.views.flush();
    for (let minute = 1; minute <= 60; minute++) {
      clock += 60_000;
      for (let i = 0; i < 500; i++) s.services.views.count(`made-up-${minute}-${i}`);
      if (minute === 30) {
        // After the made-up values filled both the day and this minute: a source stored earlier
        // keeps its name; one first seen now has no room left today.
        for (let i = 0; i < 5; i++) await visit('linkedin');
        for (let i = 0; i < 20; i++) await visit('newsletter');
      }
      s.services.views.flush(); // as the server does every minute
    }
    const rows = s.services.db.prepare("SELECT source, views FROM page_views WHERE day = '2026-11-25'").all() as {
      source: string;
      views: number;
    }[];
    assert.equal(rows.length, 501, '500 sources by name, plus other');
    const of = (source: string) => rows.find((r) => r.source === source)?.views;
    assert.equal(of('linkedin'), 8);
    assert.equal(of('newsletter'), undefined);
    assert.equal(of('other'), 30_000 - 499 + 20);
    assert.equal(
      rows.reduce((sum, r) => sum + r.views, 0),
      3 + 30_000 + 5 + 20,
      'no view lost',
    );
  });

  it('keep after a restart the name of a source stored before the day filled, in a minute of new values', async () => {
    const clock = Date.parse('2026-11-25T08:00:00Z');
    const env = { DATABASE_PATH: join(tempDir('views-restart-'), 'leads.db') };
    const visit = (s: LeadSite, source: string) =>
      fetch(`${s.url}/?utm_source=${source}`, { headers: { 'User-Agent': BROWSER } }).then((r) => r.arrayBuffer());
    const before = await site({ env, now: () => clock, startWorker: false });
    for (let i = 0; i < 3; i++) await visit(before, 'linkedin');
    before.services.views.flush();
    for (let i = 0; i < 600; i++) before.services.views.count(`made-up-${i}`);
    await before.close(); // its last write: the day now holds 500 names

    const after = await site({ env, now: () => clock + 3_600_000, startWorker: false });
    for (let i = 0; i < 520; i++) after.services.views.count(`made-up-after-${i}`);
    for (let i = 0; i < 4; i++) await visit(after, 'linkedin');
    const rows = views(after) as { source: string; views: number }[];
    assert.equal(rows.length, 501, '500 sources by name, plus other');
    assert.equal(rows.find((r) => r.source === 'linkedin')?.views, 3 + 4);
    assert.equal(
      rows.reduce((sum, r) => sum + r.views, 0),
      3 + 600 + 520 + 4,
      'no view lost',
    );
  });

  it('are deleted by the daily housekeeping once older than PAGE_VIEWS_RETENTION_DAYS', async () => {
    const now = Date.parse('2026-11-25T08:00:00Z');
    const insert = (s: LeadSite, day: string) =>
      s.services.db.prepare("INSERT INTO page_views (day, source, views) VALUES (?, 'direct', 1)").run(day);
    const days = (s: LeadSite) => s.services.db.prepare('SELECT day FROM page_views ORDER BY day').pluck().all();

    const byDefault = await site({ now: () => now, startWorker: false });
    for (const day of ['2025-10-20', '2025-10-21', '2025-10-22', '2026-11-25']) insert(byDefault, day);
    byDefault.services.housekeeping.runOnce();
    assert.deepEqual(days(byDefault), ['2025-10-21', '2025-10-22', '2026-11-25'], '400 days by default');

    const short = await site({ env: { PAGE_VIEWS_RETENTION_DAYS: '90' }, now: () => now, startWorker: false });
    for (const day of ['2026-08-26', '2026-08-27', '2026-11-24']) insert(short, day);
    short.services.housekeeping.runOnce();
    assert.deepEqual(days(short), ['2026-08-27', '2026-11-24']);
  });
});

describe('page views of a server process', () => {
  it('are written to the database at shutdown', async () => {
    const dataDir = tempDir('views-');
    const server = await startServer({ dataDir });
    for (let i = 0; i < 3; i++)
      await fetch(`${server.url}/?utm_source=linkedin`, { headers: { 'User-Agent': BROWSER } });
    assert.deepEqual(readViewsAt(`${dataDir}/leads.db`), [], 'kept in memory until the minute is up');
    assert.equal(await server.stop(), 0);
    assert.deepEqual(readViewsAt(`${dataDir}/leads.db`), [{ day: today(), source: 'linkedin', views: 3 }]);
  });
});

describe("a home page's views in its language", () => {
  it('are counted under the tag of the language the page gives, English when it gives none; a robot is not', () => {
    const counted: [string, string | undefined][] = [];
    const onHomePage = countHomePageViews(
      { count: (source, language) => void counted.push([source, language]) },
      'annavolkova.com',
    );
    const request = (userAgent: string, referer?: string) =>
      ({ headers: { 'user-agent': userAgent, ...(referer ? { referer } : {}) } }) as IncomingMessage;
    onHomePage(request(BROWSER), '?utm_source=linkedin', 'pt');
    onHomePage(request(BROWSER, 'https://news.example.org/post'), '', 'es');
    onHomePage(request(BROWSER), '');
    onHomePage(request('Googlebot/2.1 (+http://www.google.com/bot.html)'), '', 'es');
    assert.deepEqual(counted, [
      ['linkedin', 'pt'],
      ['news.example.org', 'es'],
      ['direct', 'en'],
    ]);
  });

  it('reach the table per language: /pt/ and /es/ apart from /', async () => {
    const s = await site();
    s.services.views.count('linkedin', 'pt');
    s.services.views.count('linkedin', 'pt');
    s.services.views.count('linkedin', 'es');
    s.services.views.count('linkedin');
    s.services.views.flush();
    assert.deepEqual(s.services.db.prepare('SELECT source, language, views FROM page_views ORDER BY language').all(), [
      { source: 'linkedin', language: 'en', views: 1 },
      { source: 'linkedin', language: 'es', views: 1 },
      { source: 'linkedin', language: 'pt-BR', views: 2 },
    ]);
  });

  it('counts GETs of /pt/ and /es/ from a browser under their language, and not a HEAD or a 404 under a prefix', async () => {
    const s = await site();
    const get = (path: string, method = 'GET') =>
      fetch(`${s.url}${path}`, { method, headers: { 'User-Agent': BROWSER } });
    await get('/pt/?utm_source=linkedin');
    await get('/pt/');
    await get('/es/');
    await get('/');
    await get('/es/', 'HEAD');
    await get('/pt/nada');
    s.services.views.flush();
    assert.deepEqual(
      s.services.db.prepare('SELECT source, language, views FROM page_views ORDER BY language, source').all(),
      [
        { source: 'direct', language: 'en', views: 1 },
        { source: 'direct', language: 'es', views: 1 },
        { source: 'direct', language: 'pt-BR', views: 1 },
        { source: 'linkedin', language: 'pt-BR', views: 1 },
      ],
    );
  });
});
