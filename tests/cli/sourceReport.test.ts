/**
 * `leads report` on a seeded database with known answers: per source, the
 * home-page views, the leads by verdict, the conversion rate (verified and
 * unverified leads per view) and the median time from a lead's arrival to
 * its first mark; the totals; the same per language; the window of --days;
 * JSON for machines.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { SourceReport } from '../../src/leads/sourceReport';
import { openDatabase } from '../../src/storage/database';
import { runCli } from '../support/cli';
import { tempDir } from '../support/tempDirs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

/** Views and leads of the last few days, and one lead and one view from 40 days ago (outside 30 days). */
function seeded(): string {
  const path = join(tempDir('report-'), 'leads.db');
  openDatabase(path).close();
  const db = new Database(path);
  const now = Date.now();
  const addViews = (daysAgo: number, source: string, views: number) =>
    db
      .prepare('INSERT INTO page_views (day, source, views) VALUES (?, ?, ?)')
      .run(at(now - daysAgo * DAY).slice(0, 10), source, views);
  addViews(1, 'linkedin', 60);
  addViews(2, 'linkedin', 40);
  addViews(1, 'direct', 50);
  addViews(3, 'news.example.org', 20);
  addViews(40, 'linkedin', 1000);
  let n = 0;
  const addLead = (
    hoursAgo: number,
    verdict: string,
    utmSource: string | null,
    referrer: string | null,
    answeredAfterHours?: number,
  ) => {
    n += 1;
    const created = now - hoursAgo * HOUR;
    const id = Number(
      db
        .prepare(
          `INSERT INTO leads (created_at, name, company, email, dedupe_key, verdict, utm_source, referrer) VALUES (?, ?, 'Co', ?, ?, ?, ?, ?)`,
        )
        .run(at(created), `Lead ${n}`, `l${n}@example.com`, `k${n}`, verdict, utmSource, referrer).lastInsertRowid,
    );
    if (answeredAfterHours !== undefined) {
      db.prepare("INSERT INTO lead_marks (lead_id, status, marked_at, via) VALUES (?, 'contacted', ?, 'cli')").run(
        id,
        at(created + answeredAfterHours * HOUR),
      );
      db.prepare("INSERT INTO lead_marks (lead_id, status, marked_at, via) VALUES (?, 'won', ?, 'cli')").run(
        id,
        at(created + (answeredAfterHours + 5) * HOUR),
      );
    }
  };
  addLead(30, 'verified', 'linkedin', 'linkedin.com', 2);
  addLead(40, 'verified', 'LinkedIn', 'direct', 4);
  addLead(50, 'unverified', 'linkedin', null, 9);
  addLead(20, 'spam', 'linkedin', 'direct');
  addLead(10, 'verified', null, 'direct', 1);
  addLead(60, 'unverified', null, 'news.example.org');
  addLead(70, 'verified', null, null);
  addLead(40 * 24, 'verified', 'linkedin', 'direct', 1);
  db.close();
  return path;
}

describe('leads report', () => {
  it('prints views, leads by verdict, conversion and median reply time per source, and the totals', async () => {
    const { code, stdout, stderr } = await runCli(['report'], { DATABASE_PATH: seeded() });
    assert.equal(code, 0, stderr);
    const lines = stdout.split('\n');
    assert.match(
      lines[0] ?? '',
      /^Views, leads and reply times per source, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(30 days\)$/,
    );
    const cells = (line: string | undefined) => (line ?? '').trim().split(/\s{2,}/);
    assert.deepEqual(cells(lines[2]), [
      'source',
      'views',
      'verified',
      'unverified',
      'spam',
      'conversion',
      'median_reply',
    ]);
    assert.deepEqual(lines.slice(4, 9).map(cells), [
      ['linkedin', '100', '2', '1', '1', '3.0%', '4.0 h'],
      ['direct', '50', '1', '0', '0', '2.0%', '1.0 h'],
      ['news.example.org', '20', '0', '1', '0', '5.0%', '-'],
      ['unknown', '0', '1', '0', '0', '-', '-'],
      ['TOTAL', '170', '4', '2', '1', '3.5%', '3.0 h'],
    ]);
  });

  it('answers JSON with --format json, over the window of --days', async () => {
    const path = seeded();
    const { code, stdout, stderr } = await runCli(['report', '--format', 'json', '--days', '2'], {
      DATABASE_PATH: path,
    });
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout) as SourceReport;
    assert.equal(report.days, 2);
    assert.deepEqual(
      report.sources.map((s) => [s.source, s.views, s.leads, s.conversion, s.medianReplyHours]),
      [
        ['linkedin', 100, { verified: 2, unverified: 0, spam: 1 }, 0.02, 3],
        ['direct', 50, { verified: 1, unverified: 0, spam: 0 }, 0.02, 1],
      ],
    );
    assert.equal(report.total.views, 150);
    const wide = JSON.parse(
      (await runCli(['report', '--format', 'json', '--days', '60'], { DATABASE_PATH: path })).stdout,
    ) as { total: { views: number } };
    assert.equal(wide.total.views, 1170, 'the view of 40 days ago is inside 60 days');
  });

  it('prints the same figures per language, from the views of each page and the language of each lead', async () => {
    const path = seeded();
    const db = new Database(path);
    const now = Date.now();
    const day = at(now - DAY).slice(0, 10);
    db.prepare("INSERT INTO page_views (day, source, language, views) VALUES (?, 'linkedin', 'pt-BR', 30)").run(day);
    db.prepare("INSERT INTO page_views (day, source, language, views) VALUES (?, 'direct', 'es', 10)").run(day);
    const lead =
      db.prepare(`INSERT INTO leads (created_at, name, company, email, dedupe_key, verdict, utm_source, language)
      VALUES (?, ?, 'Co', ?, ?, ?, ?, ?)`);
    const joao = lead.run(at(now - 5 * HOUR), 'João', 'joao@example.com', 'kp', 'verified', 'linkedin', 'pt-BR');
    db.prepare("INSERT INTO lead_marks (lead_id, status, marked_at, via) VALUES (?, 'contacted', ?, 'cli')").run(
      joao.lastInsertRowid,
      at(now - 5 * HOUR + 6 * HOUR),
    );
    lead.run(at(now - 8 * HOUR), 'Ana', 'ana@example.com', 'ke', 'unverified', null, 'es');
    db.close();

    const { code, stdout, stderr } = await runCli(['report'], { DATABASE_PATH: path });
    assert.equal(code, 0, stderr);
    const lines = stdout.split('\n');
    const start = lines.indexOf('Per language');
    assert.ok(start > 0, stdout);
    const cells = (line: string | undefined) => (line ?? '').trim().split(/\s{2,}/);
    assert.deepEqual(cells(lines[start + 2]), [
      'language',
      'views',
      'verified',
      'unverified',
      'spam',
      'conversion',
      'median_reply',
    ]);
    assert.deepEqual(lines.slice(start + 4, start + 7).map(cells), [
      ['en', '170', '4', '2', '1', '3.5%', '3.0 h'],
      ['pt-BR', '30', '1', '0', '0', '3.3%', '6.0 h'],
      ['es', '10', '0', '1', '0', '10.0%', '-'],
    ]);
    assert.equal(lines[start + 7], '', 'three languages');

    const json = JSON.parse(
      (await runCli(['report', '--format', 'json'], { DATABASE_PATH: path })).stdout,
    ) as SourceReport;
    assert.deepEqual(
      json.languages.map((l) => [l.language, l.views, l.leads, l.medianReplyHours]),
      [
        ['en', 170, { verified: 4, unverified: 2, spam: 1 }, 3],
        ['pt-BR', 30, { verified: 1, unverified: 0, spam: 0 }, 6],
        ['es', 10, { verified: 0, unverified: 1, spam: 0 }, null],
      ],
    );
    assert.equal(json.total.views, 210);
  });

  it('explains a bad option', async () => {
    const path = seeded();
    assert.match(
      (await runCli(['report', '--days', '0'], { DATABASE_PATH: path })).stderr,
      /--days must be a whole number of at least 1/,
    );
    assert.match(
      (await runCli(['report', '--format', 'xml'], { DATABASE_PATH: path })).stderr,
      /--format must be text or json/,
    );
  });
});
