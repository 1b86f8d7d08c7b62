/**
 * Counts home-page views in memory, per UTC day and source, and writes the
 * counts to SQLite at most once a minute and at shutdown: a view costs a map
 * update on the fast path (the day's name, and the sources the table holds
 * for it, are worked out once a day, not per view), never a database write.
 * The number of distinct sources kept between two writes is bounded, so
 * made-up utm_source values cannot grow memory: beyond the bound they count
 * as 'other'. The table bounds the sources of a day across writes
 * (pageViewsTable.ts); the counter remembers which sources the table has
 * stored under their own name today, and counts those under their name even
 * in a minute already full of new values, so a real source that made it into
 * the day before made-up values filled it keeps its name. It reads them from
 * the table when a day starts for it (its first count of a day, which is also
 * its first count after a start, so a restart forgets none) and adds those
 * its own writes store. A failed read is logged and the day starts knowing
 * none: its views still count, a known source's as 'other' in a full minute.
 */
import type { Logger } from '../lib/logger';
import { OTHER, type PageViewsTable, SOURCES_PER_DAY, type ViewCount } from './pageViewsTable';
import { DAY_MS } from '../lib/time';

const FLUSH_EVERY_MS = 60_000;
/** New sources one minute keeps by name: more than a day can store would be written as 'other' anyway. */
const MAX_SOURCES = SOURCES_PER_DAY;

export interface ViewCounter {
  count(source: string): void;
  /** Writes what was counted; on failure the counts are kept for the next write. */
  flush(): void;
  start(): void;
  /** A last write, then no more timer. */
  stop(): void;
}

export function createViewCounter(table: PageViewsTable, logger: Logger, now: () => number = Date.now): ViewCounter {
  /** Counts of the day in progress, by source; days that ended before the last write wait in `earlier`. */
  let day = '';
  let dayEnds = 0;
  let today = new Map<string, number>();
  /** The sources of the day in progress the table stored under their own name (at most SOURCES_PER_DAY). */
  let named = new Set<string>();
  let earlier: ViewCount[] = [];
  let timer: NodeJS.Timeout | undefined;

  function add(counts: Map<string, number>, source: string, views: number): void {
    const key = counts.has(source) || named.has(source) || counts.size < MAX_SOURCES ? source : OTHER;
    counts.set(key, (counts.get(key) ?? 0) + views);
  }

  function rollOver(at: number): void {
    for (const [source, views] of today) earlier.push({ day, source, views });
    today = new Map();
    const start = at - (at % DAY_MS);
    day = new Date(start).toISOString().slice(0, 10);
    dayEnds = start + DAY_MS;
    named = namedInTable(day);
  }

  function namedInTable(forDay: string): Set<string> {
    try {
      return new Set(table.namedOn(forDay));
    } catch (err) {
      // The view being counted must not fail with the read: only the names are lost, not the view.
      logger.warn({ err, day: forDay }, 'the sources stored today could not be read; counting as if none were');
      return new Set();
    }
  }

  function merged(rows: ViewCount[]): ViewCount[] {
    const byKey = new Map<string, ViewCount>();
    for (const { day: d, source, views } of rows) {
      const known = byKey.get(`${d}\t${source}`);
      if (known) known.views += views;
      else byKey.set(`${d}\t${source}`, { day: d, source, views });
    }
    return [...byKey.values()];
  }

  function flush(): void {
    const pending = [...earlier, ...[...today].map(([source, views]) => ({ day, source, views }))];
    if (pending.length === 0) return;
    earlier = [];
    today = new Map();
    try {
      for (const row of table.add(pending)) if (row.day === day && row.source !== OTHER) named.add(row.source);
    } catch (err) {
      // Kept for the next write, in the day they were counted, merged so that a database down for
      // hours holds one count per day and source, not one per failed minute.
      earlier = merged(pending);
      logger.warn({ err }, 'page views could not be written; kept for the next minute');
    }
  }

  return {
    count(source) {
      const at = now();
      if (at >= dayEnds) rollOver(at);
      add(today, source, 1);
    },
    flush,
    start() {
      timer ??= setInterval(flush, FLUSH_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      flush();
    },
  };
}
