/**
 * Refuses requests that a browser sent on behalf of another site (CSRF, a
 * hostile page posting leads from its visitors' browsers, so from their IPs
 * and past the rate limit). Browsers always send Origin on a POST and, since
 * 2023, Sec-Fetch-Site; a request with neither comes from curl, a server or an
 * old browser, none of which carries a victim's session, so it passes.
 *
 * Same origin means the configured PUBLIC_URL or the origin the request itself
 * was addressed to (scheme from req.protocol, which honours TRUST_PROXY, and
 * the Host header): the second keeps local runs and tests on 127.0.0.1 working.
 *
 * Nothing here ever adds Access-Control-Allow-Origin: a cross-origin fetch
 * cannot read any answer of this endpoint either.
 */
import type { Request, RequestHandler, Response } from 'express';

export const CROSS_SITE_ERROR = 'This form only accepts submissions made on our own website. Please use the form on the site.';

export type Reject = (req: Request, res: Response) => void;

const defaultReject: Reject = (_req, res) => {
  res.status(403).setHeader('Cache-Control', 'no-store');
  res.json({ success: false, error: CROSS_SITE_ERROR });
};

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** True when the request comes from a page of another origin (or an opaque one). */
export function isCrossSite(req: Request, publicUrl: string): boolean {
  const fetchSite = req.get('sec-fetch-site');
  // 'none' is a navigation the user typed; 'same-origin' is our own page.
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = req.get('origin');
  if (origin === undefined) return false;
  // "null": sandboxed frames, file: pages, data: URLs: never our own page.
  if (origin === 'null') return true;
  const claimed = originOf(origin);
  if (claimed === undefined) return true;
  const own = new Set([originOf(publicUrl), originOf(`${req.protocol}://${req.get('host') ?? ''}`)]);
  return !own.has(claimed);
}

export function rejectCrossSiteOrigin(publicUrl: string, reject: Reject = defaultReject): RequestHandler {
  return (req, res, next) => {
    if (isCrossSite(req, publicUrl)) return reject(req, res);
    next();
  };
}
