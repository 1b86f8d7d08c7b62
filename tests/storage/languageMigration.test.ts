/**
 * Upgrading a database of the release before the site spoke three languages
 * (schema version 14): every lead it stored came from the English page and is
 * 'en', every page view it counted too, with its count kept; the views are
 * then keyed by day, source and language, and a lead stored after the upgrade
 * keeps the language it came in.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { migrations } from '../../src/storage/migrations';
import { SCHEMA_VERSION } from '../support/latestSchema';
import { openDatabase } from '../../src/storage/database';
import { newLeadRow } from '../support/newLeadRow';
import { createTestSite } from '../support/site';
import { tempDir } from '../support/tempDirs';

/** A file as the release before wrote it: its fourteen migrations, two leads and three counts of views. */
function writeVersionFourteenFile(path: string): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  for (const step of migrations.slice(0, 14)) {
    if (typeof step === 'string') db.exec(step);
    else step(db);
  }
  db.pragma('user_version = 14');
  const insert = db.prepare(`INSERT INTO leads (created_at, name, company, email, email_key, dedupe_key, utm_source)
    VALUES (?, ?, 'Engines', ?, ?, ?, ?)`);
  insert.run('2026-11-01T10:00:00.000Z', 'Ada', 'ada@example.com', 'ada@example.com', 'k1', 'linkedin');
  insert.run('2026-11-02T10:00:00.000Z', 'Grace', 'grace@example.com', 'grace@example.com', 'k2', null);
  const views = db.prepare('INSERT INTO page_views (day, source, views) VALUES (?, ?, ?)');
  views.run('2026-11-01', 'linkedin', 40);
  views.run('2026-11-01', 'direct', 12);
  views.run('2026-11-02', 'linkedin', 7);
  db.close();
}

describe("upgrading to each lead's language", () => {
  it('keeps every lead and view as English, and counts views per language from then on', () => {
    const path = join(tempDir('language-upgrade-'), 'leads.db');
    writeVersionFourteenFile(path);
    const db = openDatabase(path);
    try {
      assert.equal(db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
      assert.deepEqual(db.prepare('SELECT id, name, language FROM leads ORDER BY id').all(), [
        { id: 1, name: 'Ada', language: 'en' },
        { id: 2, name: 'Grace', language: 'en' },
      ]);
      assert.deepEqual(db.prepare('SELECT day, source, language, views FROM page_views ORDER BY day, source').all(), [
        { day: '2026-11-01', source: 'direct', language: 'en', views: 12 },
        { day: '2026-11-01', source: 'linkedin', language: 'en', views: 40 },
        { day: '2026-11-02', source: 'linkedin', language: 'en', views: 7 },
      ]);
      const key = db.prepare("SELECT name FROM pragma_table_info('page_views') WHERE pk > 0 ORDER BY pk").pluck().all();
      assert.deepEqual(key, ['day', 'source', 'language']);
      db.prepare(
        "INSERT INTO page_views (day, source, language, views) VALUES ('2026-11-01', 'linkedin', 'pt-BR', 3)",
      ).run();
      assert.equal(db.prepare("SELECT SUM(views) FROM page_views WHERE source = 'linkedin'").pluck().get(), 50);
    } finally {
      db.close();
    }
  });

  it('stores the leads that come after with their own language', async () => {
    const path = join(tempDir('language-upgrade-'), 'leads.db');
    writeVersionFourteenFile(path);
    const site = createTestSite({ DATABASE_PATH: path });
    try {
      site.services.leads.insert(newLeadRow({ name: 'João', dedupeKey: 'k3', language: 'pt-BR' }));
      assert.deepEqual(
        site.services.leads.recent(10).map((lead) => [lead.name, lead.language]),
        [
          ['João', 'pt-BR'],
          ['Grace', 'en'],
          ['Ada', 'en'],
        ],
      );
    } finally {
      await site.close();
    }
  });
});
