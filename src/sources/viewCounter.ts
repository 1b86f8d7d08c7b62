/**
 * Counts home-page views in memory, per UTC day and source, and writes the
 * counts to SQLite at most once a minute and at shutdown: a view costs a map
 * update on the fast path, never a database write. The number of distinct
 * sources kept between two writes is bounded, so made-up utm_source values
 * cannot grow memory: beyond the bound they count as 'other'.
 */
import type { Logger } from '../logger';
import type { PageViewsTable, ViewCount } from './pageViewsTable';

const FLUSH_EVERY_MS = 60_000;
const MAX_KEYS = 500;

export interface ViewCounter {
  count(source: string): void;
  /** Writes what was counted; on failure the counts are kept for the next write. */
  flush(): void;
  start(): void;
  /** A last write, then no more timer. */
  stop(): void;
}

export function createViewCounter(table: PageViewsTable, logger: Logger, now: () => number = Date.now): ViewCounter {
  let counts = new Map<string, ViewCount>();
  let timer: NodeJS.Timeout | undefined;

  function flush(): void {
    if (counts.size === 0) return;
    const pending = counts;
    counts = new Map();
    try {
      table.add([...pending.values()]);
    } catch (err) {
      for (const [key, { day, source, views }] of pending) add(key, day, source, views);
      logger.warn({ err }, 'page views could not be written; kept for the next minute');
    }
  }

  function add(key: string, day: string, source: string, views: number): void {
    const known = counts.get(key);
    if (known) known.views += views;
    else counts.set(key, { day, source, views });
  }

  return {
    count(source) {
      const day = new Date(now()).toISOString().slice(0, 10);
      const key = `${day}\t${source}`;
      if (counts.has(key) || counts.size < MAX_KEYS) add(key, day, source, 1);
      else add(`${day}\tother`, day, 'other', 1);
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
