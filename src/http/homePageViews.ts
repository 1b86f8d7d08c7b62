/**
 * Counts views of the home page for the source report: in aggregate only, per day and source, never a cookie, an
 * address or a per-visit row. HEAD requests, the health check and clients that call themselves bots are not views
 * (staticPages calls this for GET / only).
 */
import type { IncomingMessage } from 'node:http';
import { isRobot, viewSource } from '../sources/attribution';
import type { ViewCounter } from '../sources/viewCounter';
import type { HomePageView } from './staticPages';

export function countHomePageViews(views: Pick<ViewCounter, 'count'>, ownHost: string): HomePageView {
  return (req: IncomingMessage, query: string) => {
    const { 'user-agent': userAgent, referer } = req.headers;
    if (isRobot(userAgent)) return;
    views.count(viewSource(query, referer, ownHost));
  };
}
