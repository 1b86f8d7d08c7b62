/**
 * A source the page_views table already holds for the day keeps its name
 * after a restart: the new counter, on the same SQLite file, counts its views
 * under its name even in minutes full of made-up sources, and loses none.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { createPageViewsTable } from '../../src/sources/pageViewsTable';
import { createViewCounter, type ViewCounter } from '../../src/sources/viewCounter';
import { openDatabase } from '../../src/storage/database';
import { tempDir } from '../support/tempDirs';

const silent = pino({ level: 'silent' });
const MINUTE = 60_000;

/** A server's life on the database file: its own connection, table and counter, stopped (a last write) at the end. */
function serverLife(path: string, clock: () => number, life: (counter: ViewCounter) => void) {
  const db = openDatabase(path);
  const counter = createViewCounter(createPageViewsTable(db), silent, clock);
  try {
    life(counter);
    counter.stop();
  } finally {
    db.close();
  }
}

describe('the view counter after a restart', () => {
  it('counts a source stored before made-up values filled the day under its name, no view lost', () => {
    const path = join(tempDir('views-restart-'), 'leads.db');
    let clock = Date.parse('2026-11-25T08:00:00Z');
    serverLife(
      path,
      () => clock,
      (counter) => {
        for (let i = 0; i < 3; i++) counter.count('linkedin');
        counter.flush(); // as the server does every minute
        clock += MINUTE;
        for (let i = 0; i < 600; i++) counter.count(`before-${i}`); // fills the day's 500 names
      },
    );
    clock = Date.parse('2026-11-25T09:00:00Z');
    serverLife(
      path,
      () => clock,
      (counter) => {
        // Each minute, linkedin arrives after more new values than a minute keeps by name.
        for (let minute = 0; minute < 3; minute++) {
          for (let i = 0; i < 520; i++) counter.count(`after-${minute}-${i}`);
          for (let i = 0; i < 4; i++) counter.count('linkedin');
          counter.flush();
          clock += MINUTE;
        }
      },
    );
    const db = openDatabase(path);
    const rows = db.prepare("SELECT source, views FROM page_views WHERE day = '2026-11-25'").all() as {
      source: string;
      views: number;
    }[];
    db.close();
    const of = (source: string) => rows.find((r) => r.source === source)?.views;
    assert.equal(of('linkedin'), 3 + 12, 'every linkedin view under linkedin');
    assert.equal(rows.length, 501, '500 sources by name, plus other');
    assert.equal(of('other'), 600 - 499 + 3 * 520);
    assert.equal(
      rows.reduce((sum, r) => sum + r.views, 0),
      3 + 600 + 3 * 520 + 12,
      'no view lost',
    );
  });
});
