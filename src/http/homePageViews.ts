/**
 * Counts views of the home pages for the source report: in aggregate only, per day, source and language, never a
 * cookie, an address or a per-visit row. HEAD requests, the health check and clients that call themselves bots are
 * not views (staticPages calls this for GETs of a home page only: `/`, and `/pt/` or `/es/` with their language).
 */
import type { IncomingMessage } from 'node:http';
import type { SiteLanguage } from '../contract/languages';
import { isRobot, viewSource } from '../sources/attribution';
import type { ViewCounter } from '../sources/viewCounter';
import type { HomePageView } from './staticPages';

export function countHomePageViews(views: Pick<ViewCounter, 'count'>, ownHost: string): HomePageView {
  return (req: IncomingMessage, query: string, language: SiteLanguage = 'en') => {
    const { 'user-agent': userAgent, referer } = req.headers;
    if (isRobot(userAgent)) return;
    views.count(viewSource(query, referer, ownHost), language);
  };
}
