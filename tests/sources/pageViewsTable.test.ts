/**
 * The page_views table bounds the sources of a day across writes: at most
 * 500 under their own name, the rest as 'other'; a source already stored for
 * the day keeps its name; within one write the busiest sources take the room
 * first; each day has its own room; no view is lost; old days can be deleted;
 * the sources a day holds by name can be read back (a restarted counter does);
 * each count is per language too, a source counted once toward the bound.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openDatabase } from '../../src/storage/database';
import { createPageViewsTable, type ViewCount } from '../../src/sources/pageViewsTable';

function table() {
  const db = openDatabase(':memory:');
  const views = createPageViewsTable(db);
  const rows = (day: string) =>
    db.prepare('SELECT source, views FROM page_views WHERE day = ? ORDER BY source').all(day) as {
      source: string;
      views: number;
    }[];
  return { db, views, rows };
}

const made = (day: string, from: number, n: number, views = 1): ViewCount[] =>
  Array.from({ length: n }, (_, i) => ({ day, source: `made-up-${from + i}`, language: 'en', views }));
const viewsOf = (rows: { source: string; views: number }[], source: string) =>
  rows.find((r) => r.source === source)?.views;

describe('the page_views table', () => {
  it('stores at most 500 sources of a day by name across writes, the rest as other, no view lost', () => {
    const { views, rows } = table();
    views.add([{ day: '2026-11-25', source: 'linkedin', language: 'en', views: 2 }]);
    views.add(made('2026-11-25', 0, 600));
    views.add([...made('2026-11-25', 600, 10), { day: '2026-11-25', source: 'linkedin', language: 'en', views: 5 }]);
    const day = rows('2026-11-25');
    assert.equal(day.length, 501);
    assert.equal(viewsOf(day, 'linkedin'), 7, 'stored before the day filled: always by name');
    assert.equal(viewsOf(day, 'other'), 600 - 499 + 10);
    assert.equal(
      day.reduce((sum, r) => sum + r.views, 0),
      617,
    );
  });

  it('gives the room left to the busiest sources of a write, and says how each was stored', () => {
    const { views, rows } = table();
    views.add(made('2026-11-25', 0, 498));
    const stored = views.add([
      { day: '2026-11-25', source: 'junk-a', language: 'en', views: 1 },
      { day: '2026-11-25', source: 'junk-b', language: 'en', views: 1 },
      { day: '2026-11-25', source: 'newsletter', language: 'en', views: 7 },
      { day: '2026-11-25', source: 'junk-c', language: 'en', views: 1 },
    ]);
    assert.deepEqual(stored, [
      { day: '2026-11-25', source: 'newsletter', language: 'en', views: 7 },
      { day: '2026-11-25', source: 'junk-a', language: 'en', views: 1 },
      { day: '2026-11-25', source: 'other', language: 'en', views: 1 },
      { day: '2026-11-25', source: 'other', language: 'en', views: 1 },
    ]);
    const day = rows('2026-11-25');
    assert.equal(day.length, 501);
    assert.equal(viewsOf(day, 'newsletter'), 7);
    assert.equal(viewsOf(day, 'other'), 2);
  });

  it('gives each day its own room', () => {
    const { views, rows } = table();
    views.add(made('2026-11-25', 0, 500));
    views.add([
      { day: '2026-11-25', source: 'linkedin', language: 'en', views: 1 },
      { day: '2026-11-26', source: 'linkedin', language: 'en', views: 1 },
    ]);
    assert.equal(viewsOf(rows('2026-11-25'), 'linkedin'), undefined);
    assert.deepEqual(rows('2026-11-26'), [{ source: 'linkedin', views: 1 }]);
  });

  it('reads back the sources a day holds by name: not other, not another day, at most 500', () => {
    const { views, db } = table();
    views.add([
      { day: '2026-11-25', source: 'linkedin', language: 'en', views: 3 },
      { day: '2026-11-26', source: 'newsletter', language: 'en', views: 1 },
    ]);
    views.add(made('2026-11-25', 0, 600));
    const named = views.namedOn('2026-11-25');
    assert.equal(named.length, 500);
    assert.ok(named.includes('linkedin'));
    assert.ok(!named.includes('other') && !named.includes('newsletter'));
    assert.deepEqual(views.namedOn('2026-11-26'), ['newsletter']);
    assert.deepEqual(views.namedOn('2026-11-27'), []);
    // Rows written past the rule (by hand, in the sqlite3 shell): the read stays bounded.
    const insert = db.prepare("INSERT INTO page_views (day, source, views) VALUES ('2026-11-25', ?, 1)");
    for (let i = 0; i < 50; i++) insert.run(`by-hand-${i}`);
    assert.equal(views.namedOn('2026-11-25').length, 500);
  });

  it('counts per language, a source once toward the bound however many languages it is seen in', () => {
    const { views, db } = table();
    views.add(made('2026-11-25', 0, 498));
    const stored = views.add([
      { day: '2026-11-25', source: 'linkedin', language: 'pt-BR', views: 4 },
      { day: '2026-11-25', source: 'linkedin', language: 'en', views: 3 },
      { day: '2026-11-25', source: 'linkedin', language: 'es', views: 2 },
      { day: '2026-11-25', source: 'podcast', language: 'es', views: 1 },
      { day: '2026-11-25', source: 'late', language: 'en', views: 1 },
    ]);
    assert.deepEqual(
      stored.map((c) => [c.source, c.language, c.views]),
      [
        ['linkedin', 'pt-BR', 4],
        ['linkedin', 'en', 3],
        ['linkedin', 'es', 2],
        ['podcast', 'es', 1],
        ['other', 'en', 1],
      ],
      'linkedin takes one place of the two left, in three languages; podcast the other',
    );
    views.add([{ day: '2026-11-25', source: 'linkedin', language: 'pt-BR', views: 1 }]);
    assert.deepEqual(
      db
        .prepare("SELECT source, language, views FROM page_views WHERE source IN ('linkedin', 'other') ORDER BY 1, 2")
        .all(),
      [
        { source: 'linkedin', language: 'en', views: 3 },
        { source: 'linkedin', language: 'es', views: 2 },
        { source: 'linkedin', language: 'pt-BR', views: 5 },
        { source: 'other', language: 'en', views: 1 },
      ],
    );
    assert.equal(views.namedOn('2026-11-25').filter((source) => source === 'linkedin').length, 1);
  });

  it('reads the views per source and language since a day', () => {
    const { views } = table();
    views.add([
      { day: '2026-11-20', source: 'linkedin', language: 'en', views: 100 },
      { day: '2026-11-24', source: 'linkedin', language: 'en', views: 7 },
      { day: '2026-11-25', source: 'linkedin', language: 'en', views: 3 },
      { day: '2026-11-25', source: 'linkedin', language: 'es', views: 6 },
      { day: '2026-11-25', source: 'direct', language: 'pt-BR', views: 2 },
    ]);
    assert.deepEqual(views.countsSince('2026-11-24'), [
      { source: 'linkedin', language: 'en', views: 10 },
      { source: 'linkedin', language: 'es', views: 6 },
      { source: 'direct', language: 'pt-BR', views: 2 },
    ]);
  });

  it('deletes the days before a given day, and only those', () => {
    const { views, db } = table();
    views.add([
      { day: '2025-10-20', source: 'direct', language: 'en', views: 1 },
      { day: '2025-10-21', source: 'direct', language: 'en', views: 1 },
      { day: '2025-10-22', source: 'direct', language: 'en', views: 1 },
    ]);
    assert.equal(views.deleteBefore('2025-10-21'), 1);
    assert.deepEqual(db.prepare('SELECT day FROM page_views ORDER BY day').pluck().all(), ['2025-10-21', '2025-10-22']);
  });
});
