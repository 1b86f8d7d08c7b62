/**
 * The home-page view counter the owner's `leads report` reads: each view in
 * the UTC day it happened, nothing lost when a write fails, one count per day
 * and source however long the database stays away, nor when the day's stored
 * sources cannot be read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import { createViewCounter } from '../../src/sources/viewCounter';
import type { PageViewsTable, ViewCount } from '../../src/sources/pageViewsTable';

const silent = pino({ level: 'silent' });

/** A table that records what it is given, stores every source by name, and refuses reads and writes while `down`. */
function recordingTable() {
  const written: ViewCount[][] = [];
  const table: PageViewsTable & { down: boolean; written: ViewCount[][] } = {
    down: false,
    written,
    add(counts: readonly ViewCount[]) {
      if (table.down) throw new Error('database is locked');
      written.push(counts.map((c) => ({ ...c })));
      return counts.map((c) => ({ ...c })); // every source stored under its own name
    },
    namedOn(day: string) {
      if (table.down) throw new Error('database is locked');
      return [...new Set(written.flat().flatMap((c) => (c.day === day && c.source !== 'other' ? [c.source] : [])))];
    },
    countsSince: () => [],
    deleteBefore: () => 0,
  };
  return table;
}

const sorted = (rows: ViewCount[]) =>
  [...rows].sort((a, b) => `${a.day}${a.source}${a.language}`.localeCompare(`${b.day}${b.source}${b.language}`));

describe('the view counter', () => {
  it('writes each view under the UTC day it happened, also across midnight between two writes', () => {
    const table = recordingTable();
    let clock = Date.parse('2026-11-24T23:59:58Z');
    const counter = createViewCounter(table, silent, () => clock);
    counter.count('linkedin');
    counter.count('direct');
    clock = Date.parse('2026-11-25T00:00:01Z');
    counter.count('linkedin');
    counter.flush();
    assert.deepEqual(sorted(table.written.flat()), [
      { day: '2026-11-24', source: 'direct', language: 'en', views: 1 },
      { day: '2026-11-24', source: 'linkedin', language: 'en', views: 1 },
      { day: '2026-11-25', source: 'linkedin', language: 'en', views: 1 },
    ]);
  });

  it('writes nothing when nothing was counted, and each view once', () => {
    const table = recordingTable();
    const counter = createViewCounter(table, silent, () => Date.parse('2026-11-25T10:00:00Z'));
    counter.flush();
    assert.equal(table.written.length, 0);
    counter.count('direct');
    counter.flush();
    counter.flush();
    assert.deepEqual(table.written, [[{ day: '2026-11-25', source: 'direct', language: 'en', views: 1 }]]);
  });

  it('keeps the views of failed writes, one count per day and source, and writes them once the database answers', () => {
    const table = recordingTable();
    let clock = Date.parse('2026-11-24T23:00:00Z');
    const counter = createViewCounter(table, silent, () => clock);
    table.down = true;
    for (let minute = 0; minute < 120; minute += 1) {
      clock += 60_000;
      counter.count('newsletter');
      counter.flush();
    }
    table.down = false;
    counter.flush();
    assert.equal(table.written.length, 1);
    assert.deepEqual(sorted(table.written[0] ?? []), [
      { day: '2026-11-24', source: 'newsletter', language: 'en', views: 59 },
      { day: '2026-11-25', source: 'newsletter', language: 'en', views: 61 },
    ]);
  });
});

describe('the view counter per language', () => {
  it("writes each view under its page's language tag, English unless told", () => {
    const table = recordingTable();
    const counter = createViewCounter(table, silent, () => Date.parse('2026-11-25T10:00:00Z'));
    counter.count('linkedin');
    counter.count('linkedin', 'pt');
    counter.count('linkedin', 'pt');
    counter.count('direct', 'es');
    counter.count('direct', 'en');
    counter.flush();
    assert.deepEqual(sorted(table.written.flat()), [
      { day: '2026-11-25', source: 'direct', language: 'en', views: 1 },
      { day: '2026-11-25', source: 'direct', language: 'es', views: 1 },
      { day: '2026-11-25', source: 'linkedin', language: 'en', views: 1 },
      { day: '2026-11-25', source: 'linkedin', language: 'pt-BR', views: 2 },
    ]);
  });

  it('bounds the sources of a minute, not the pairs of source and language', () => {
    const table = recordingTable();
    const counter = createViewCounter(table, silent, () => Date.parse('2026-11-25T10:00:00Z'));
    for (let i = 0; i < 499; i++) counter.count(`made-up-${i}`);
    counter.count('linkedin', 'es');
    counter.count('linkedin', 'pt');
    counter.count('newsletter', 'pt');
    counter.flush();
    assert.deepEqual(
      (table.written[0] ?? []).filter((c) => !c.source.startsWith('made-up-')),
      [
        { day: '2026-11-25', source: 'linkedin', language: 'es', views: 1 },
        { day: '2026-11-25', source: 'linkedin', language: 'pt-BR', views: 1 },
        { day: '2026-11-25', source: 'other', language: 'pt-BR', views: 1 },
      ],
    );
  });
});

describe('the view counter in a minute full of made-up sources', () => {
  it('counts a source the table stored by name today under its name, and no new one past 500', () => {
    const table = recordingTable();
    let clock = Date.parse('2026-11-25T08:00:00Z');
    const counter = createViewCounter(table, silent, () => clock);
    counter.count('linkedin');
    counter.flush();
    clock += 60_000;
    for (let i = 0; i < 500; i++) counter.count(`made-up-${i}`);
    for (let i = 0; i < 3; i++) counter.count('linkedin');
    counter.count('newsletter');
    counter.flush();
    const minute = table.written[1] ?? [];
    assert.equal(minute.length, 502);
    assert.deepEqual(
      minute.filter((c) => !c.source.startsWith('made-up-')),
      [
        { day: '2026-11-25', source: 'linkedin', language: 'en', views: 3 },
        { day: '2026-11-25', source: 'other', language: 'en', views: 1 },
      ],
    );
  });

  it('forgets the names stored on a day when the next day starts', () => {
    const table = recordingTable();
    let clock = Date.parse('2026-11-25T23:59:00Z');
    const counter = createViewCounter(table, silent, () => clock);
    counter.count('linkedin');
    counter.flush();
    clock = Date.parse('2026-11-26T00:01:00Z');
    for (let i = 0; i < 500; i++) counter.count(`made-up-${i}`);
    counter.count('linkedin');
    counter.flush();
    assert.deepEqual(
      (table.written[1] ?? []).filter((c) => !c.source.startsWith('made-up-')),
      [{ day: '2026-11-26', source: 'other', language: 'en', views: 1 }],
    );
  });
});

describe('the names the counter learns from its own writes', () => {
  it("are today's only: a view of yesterday written after midnight does not name its source today", () => {
    const table = recordingTable();
    let clock = Date.parse('2026-11-25T23:59:30Z');
    const counter = createViewCounter(table, silent, () => clock);
    counter.count('linkedin'); // yesterday's view...
    clock = Date.parse('2026-11-26T00:00:10Z');
    counter.count('newsletter'); // ...written with today's first in one write
    counter.flush();
    clock += 60_000;
    for (let i = 0; i < 500; i++) counter.count(`made-up-${i}`);
    counter.count('linkedin');
    counter.count('newsletter');
    counter.flush();
    assert.deepEqual(
      (table.written[1] ?? []).filter((c) => !c.source.startsWith('made-up-')),
      [
        { day: '2026-11-26', source: 'other', language: 'en', views: 1 },
        { day: '2026-11-26', source: 'newsletter', language: 'en', views: 1 },
      ],
      'linkedin was stored by name yesterday, not today: in a full minute it counts as other',
    );
  });
});

describe("the view counter when the day's stored sources cannot be read", () => {
  it('logs it, counts the view all the same, and writes it once the database answers', () => {
    const table = recordingTable();
    const lines: string[] = [];
    const logger = pino({ level: 'warn', base: undefined }, { write: (line: string) => void lines.push(line) });
    const counter = createViewCounter(table, logger, () => Date.parse('2026-11-25T10:00:00Z'));
    table.down = true;
    counter.count('linkedin');
    counter.count('linkedin');
    assert.deepEqual(
      lines.map((l) => JSON.parse(l).msg),
      ['the sources stored today could not be read; counting as if none were'],
    );
    table.down = false;
    counter.flush();
    assert.deepEqual(table.written, [[{ day: '2026-11-25', source: 'linkedin', language: 'en', views: 2 }]]);
  });
});
