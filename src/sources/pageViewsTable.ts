/**
 * Every SQL statement on the page_views table: counts of home-page views per
 * UTC day and source, nothing else (no address, no visitor, no time of day).
 */
import type { Db } from '../storage/database';

export interface ViewCount {
  day: string;
  source: string;
  views: number;
}

export interface PageViewsTable {
  /** Adds the counts in one transaction. */
  add(counts: readonly ViewCount[]): void;
  /** Views per source on days from `fromDay` (YYYY-MM-DD) on, most first. */
  perSourceSince(fromDay: string): { source: string; views: number }[];
}

export function createPageViewsTable(db: Db): PageViewsTable {
  const upsert = db.prepare<ViewCount>(`
    INSERT INTO page_views (day, source, views) VALUES (@day, @source, @views)
    ON CONFLICT (day, source) DO UPDATE SET views = views + excluded.views`);
  const perSource = db.prepare<[string], { source: string; views: number }>(
    'SELECT source, SUM(views) AS views FROM page_views WHERE day >= ? GROUP BY source ORDER BY views DESC, source',
  );
  const addAll = db.transaction((counts: readonly ViewCount[]) => {
    for (const count of counts) upsert.run(count);
  });
  return {
    add: (counts) => addAll(counts),
    perSourceSince: (fromDay) => perSource.all(fromDay),
  };
}
