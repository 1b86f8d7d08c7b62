/**
 * Every SQL statement on the page_views table: counts of home-page views per
 * UTC day, source and language (the tag of the page viewed: 'en', 'pt-BR',
 * 'es'), nothing else (no address, no visitor, no time of day).
 *
 * A day holds at most SOURCES_PER_DAY sources under their own name, however
 * many writes it takes (a source counts once, in however many languages):
 * utm_source is whatever a visitor puts in the URL, so made-up values must
 * not grow the table. The rule, applied in add():
 * - a source already stored for the day is always added to under its name;
 * - a source new to the day is stored under its name while the day has room,
 *   and as 'other' once the day holds SOURCES_PER_DAY named sources;
 * - within one write, the sources with the most views take the room first, so
 *   a real source with several views beats made-up values seen once.
 * So what a day's first SOURCES_PER_DAY sources are is first come, first
 * served: once made-up values have filled a day, a source first seen later
 * that day is counted as 'other' until the next UTC day. No view is lost.
 * Housekeeping deletes the days older than PAGE_VIEWS_RETENTION_DAYS.
 */
import type { Db } from '../storage/database';

/** The most sources one UTC day stores under their own name (besides 'other'). */
export const SOURCES_PER_DAY = 500;
/** Where the views of the sources past the bound are counted. */
export const OTHER = 'other';

export interface ViewCount {
  day: string;
  source: string;
  /** The language tag of the page viewed. */
  language: string;
  views: number;
}

export type PageViewsTable = ReturnType<typeof createPageViewsTable>;

export function createPageViewsTable(db: Db) {
  const upsert = db.prepare<ViewCount>(`
    INSERT INTO page_views (day, source, language, views) VALUES (@day, @source, @language, @views)
    ON CONFLICT (day, source, language) DO UPDATE SET views = views + excluded.views`);
  const stored = db
    .prepare<[string, string], number>('SELECT 1 FROM page_views WHERE day = ? AND source = ? LIMIT 1')
    .pluck();
  const named = db
    .prepare<[string, string], number>('SELECT COUNT(DISTINCT source) FROM page_views WHERE day = ? AND source != ?')
    .pluck();
  // The LIMIT bounds the read even if the rule above was ever broken (rows written by hand, say).
  const namedSources = db
    .prepare<[string, string, number], string>(
      'SELECT DISTINCT source FROM page_views WHERE day = ? AND source != ? LIMIT ?',
    )
    .pluck();
  const perSourceAndLanguage = db.prepare<[string], { source: string; language: string; views: number }>(`
    SELECT source, language, SUM(views) AS views FROM page_views WHERE day >= ?
    GROUP BY source, language ORDER BY views DESC, source, language`);
  const deleteOld = db.prepare<[string]>('DELETE FROM page_views WHERE day < ?');

  const addAll = db.transaction((counts: readonly ViewCount[]) => {
    /** Per day of this write: how many more sources it may store under their own name. */
    const room = new Map<string, number>();
    // Busiest first; sort() is stable, so equal counts keep the order they were counted in.
    return [...counts]
      .sort((a, b) => b.views - a.views)
      .map(({ day, source, language, views }) => {
        let left = room.get(day) ?? SOURCES_PER_DAY - (named.get(day, OTHER) ?? 0);
        let as = source;
        if (source !== OTHER && stored.get(day, source) === undefined) {
          if (left > 0) left -= 1;
          else as = OTHER;
        }
        room.set(day, left);
        upsert.run({ day, source: as, language, views });
        return { day, source: as, language, views };
      });
  });
  return {
    /** Adds the counts in one transaction; returns them as stored (past the day's bound, as 'other'). */
    add: (counts: readonly ViewCount[]): ViewCount[] => addAll(counts),
    /** The sources `day` (YYYY-MM-DD) holds under their own name: at most SOURCES_PER_DAY, 'other' not among them. */
    namedOn: (day: string) => namedSources.all(day, OTHER, SOURCES_PER_DAY),
    /** Views per source and language on days from `fromDay` (YYYY-MM-DD) on, most first. */
    countsSince: (fromDay: string) => perSourceAndLanguage.all(fromDay),
    /** Deletes the days before `day` (YYYY-MM-DD); returns the rows deleted. */
    deleteBefore: (day: string) => deleteOld.run(day).changes,
  };
}
