/**
 * Counts home-page views in memory, per UTC day, source and language (of the page viewed), and writes the counts
 * to SQLite at most once a minute and at shutdown: a view costs a map update (the day's name, and the sources the
 * table holds for it, are worked out once a day, not per view), never a database write. Made-up utm_source values
 * cannot grow memory: past MAX_SOURCES new sources between two writes, views count as 'other'. A source the table
 * already stores under its own name today keeps it even in a full minute, so a real source that made it into
 * the day before made-up values filled it stays named (the table bounds a day's sources, pageViewsTable.ts).
 * Those names are read when a day starts for the counter (so a restart forgets none) and grow with its own
 * writes; a failed read is logged and the day starts knowing none: its views still count.
 */
import { LANGUAGE_TAGS, type SiteLanguage } from '../contract/languages';
import type { Logger } from '../lib/logger';
import { OTHER, type PageViewsTable, SOURCES_PER_DAY, type ViewCount } from './pageViewsTable';
import { DAY_MS, iso } from '../lib/time';

const FLUSH_EVERY_MS = 60_000;
/** New sources one minute keeps by name: more than a day can store would be written as 'other' anyway. */
const MAX_SOURCES = SOURCES_PER_DAY;

export type ViewCounter = ReturnType<typeof createViewCounter>;

export function createViewCounter(table: PageViewsTable, logger: Logger, now: () => number = Date.now) {
  /**
   * Counts of the day in progress, by source, then language tag: the bound is on sources, whatever their
   * languages. Days that ended before the last write wait in `earlier`.
   */
  let day = '';
  let dayEnds = 0;
  let today = new Map<string, Map<string, number>>();
  /** The sources of the day in progress the table stored under their own name (at most SOURCES_PER_DAY). */
  let named = new Set<string>();
  let earlier: ViewCount[] = [];
  let timer: NodeJS.Timeout | undefined;

  /** The day in progress's counts as rows. */
  const todayRows = (): ViewCount[] =>
    [...today].flatMap(([source, languages]) =>
      [...languages].map(([language, views]) => ({ day, source, language, views })),
    );

  function rollOver(at: number): void {
    earlier.push(...todayRows());
    today = new Map();
    const start = at - (at % DAY_MS);
    day = iso(start).slice(0, 10);
    dayEnds = start + DAY_MS;
    try {
      named = new Set(table.namedOn(day));
    } catch (err) {
      // The view being counted must not fail with the read: only the names are lost, not the view.
      logger.warn({ err, day }, 'the sources stored today could not be read; counting as if none were');
      named = new Set();
    }
  }

  function merged(rows: ViewCount[]): ViewCount[] {
    const byKey = new Map<string, ViewCount>();
    for (const { day: d, source, language, views } of rows) {
      const key = `${d}\t${source}\t${language}`;
      const known = byKey.get(key);
      if (known) known.views += views;
      else byKey.set(key, { day: d, source, language, views });
    }
    return [...byKey.values()];
  }

  /** Writes what was counted; on failure the counts are kept for the next write. */
  function flush(): void {
    const pending = [...earlier, ...todayRows()];
    if (pending.length === 0) return;
    earlier = [];
    today = new Map();
    try {
      for (const row of table.add(pending)) if (row.day === day && row.source !== OTHER) named.add(row.source);
    } catch (err) {
      // Kept for the next write, in the day they were counted, merged so that a database down for
      // hours holds one count per day, source and language, not one per failed minute.
      earlier = merged(pending);
      logger.warn({ err }, 'page views could not be written; kept for the next minute');
    }
  }

  return {
    /** One view of the page in `language` (the English page, `/`, unless told), from `source`. */
    count(source: string, language: SiteLanguage = 'en') {
      const at = now();
      if (at >= dayEnds) rollOver(at);
      const key = today.has(source) || named.has(source) || today.size < MAX_SOURCES ? source : OTHER;
      const languages = today.get(key) ?? new Map<string, number>();
      const tag = LANGUAGE_TAGS[language];
      languages.set(tag, (languages.get(tag) ?? 0) + 1);
      today.set(key, languages);
    },
    flush,
    start() {
      timer ??= setInterval(flush, FLUSH_EVERY_MS);
      timer.unref();
    },
    /** A last write, then no more timer. */
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      flush();
    },
  };
}
