/**
 * Refuses requests that a browser sent on behalf of another site (CSRF, a hostile page posting leads from its
 * visitors' browsers, so from their IPs and past the rate limit). Browsers always send Origin on a POST and, since
 * 2023, Sec-Fetch-Site; a request with neither comes from curl, a server or an old browser, none of which carries
 * a victim's session, so it passes.
 *
 * Same origin means the configured PUBLIC_URL, never what the request claims as its host (a Host header is the
 * client's to choose). Also the address the connection actually arrived at (the socket's own address and port,
 * plus localhost for a loopback one): outside production always, so local runs and tests on 127.0.0.1:<any port>
 * work; in production only while PUBLIC_URL is unset, when its default, http://localhost:<PORT>, names this very
 * listener, so `PORT=8080 npm start` takes leads from http://localhost:8080 and http://127.0.0.1:8080 alike. A
 * PUBLIC_URL set to another origin is the only one a production server accepts.
 *
 * Nothing here ever adds Access-Control-Allow-Origin: a cross-origin fetch cannot read any answer of this endpoint
 * either.
 */
import type { Request, RequestHandler, Response } from 'express';
import { type Config, isLoopbackHost } from '../config';

export const CROSS_SITE_ERROR =
  'This form only accepts submissions made on our own website. Please use the form on the site.';

export type Reject = (req: Request, res: Response) => void;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The origins of the address this connection was accepted on: http only (this server speaks no TLS itself). */
function listeningOrigins(req: Request): string[] {
  const { localAddress, localPort } = req.socket;
  if (localAddress === undefined || localPort === undefined) return [];
  const mapped = localAddress.replace(/^::ffff:/, '');
  const host = mapped.includes(':') ? `[${mapped}]` : mapped;
  const origins = [`http://${host}:${localPort}`];
  if (isLoopbackHost(mapped)) origins.push(`http://localhost:${localPort}`);
  return origins;
}

/**
 * True when the request comes from a page of another origin (or an opaque one). `ownOrigin`:
 * PUBLIC_URL's origin. `trustListeningAddress`: also accept the listening address's origins.
 */
export function isCrossSite(req: Request, ownOrigin: string | undefined, trustListeningAddress: boolean): boolean {
  const fetchSite = req.get('sec-fetch-site');
  // 'none' is a navigation the user typed; 'same-origin' is our own page.
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = req.get('origin');
  if (origin === undefined) return false;
  // "null": sandboxed frames, file: pages, data: URLs: never our own page.
  if (origin === 'null') return true;
  const claimed = originOf(origin);
  if (claimed === undefined) return true;
  if (claimed === ownOrigin) return false;
  if (!trustListeningAddress) return true;
  return !listeningOrigins(req).includes(claimed);
}

/**
 * The listening address counts as the site's own origin outside production, and in production
 * while PUBLIC_URL is unset (its default then names this very listener).
 */
export function trustsListeningAddress(config: Pick<Config, 'nodeEnv' | 'publicUrlSet'>): boolean {
  return config.nodeEnv !== 'production' || !config.publicUrlSet;
}

export function rejectCrossSiteOrigin(
  config: Pick<Config, 'publicUrl' | 'nodeEnv' | 'publicUrlSet'>,
  reject: Reject,
): RequestHandler {
  const trustListeningAddress = trustsListeningAddress(config);
  const ownOrigin = originOf(config.publicUrl); // once, not per request
  return (req, res, next) => {
    if (isCrossSite(req, ownOrigin, trustListeningAddress)) return reject(req, res);
    next();
  };
}
