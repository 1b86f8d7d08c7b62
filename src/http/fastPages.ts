/**
 * The fast path for the fixed responses (home page, robots.txt, sitemap,
 * favicon, hashed assets): GET and HEAD for an exact path, answered with one
 * writeHead and one end. frontDoor.ts puts it ahead of Express's routing.
 *
 * Why: these bytes never change while the process runs, so everything about
 * the response is decided at start-up, the complete header list included
 * (helmet's security headers, caching, ETag, type, length, encoding). Per
 * request there is only what depends on the request: the path lookup, the
 * encoding, If-None-Match, a request id, and a log line when the level asks
 * for it. It returns false for every other request, which then goes through
 * the Express stack unchanged (not-found page, lead routes, health check).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { encodingFor, isFresh, type Encoding, type Precompressed } from './precompressed';
import { logRequest, requestId } from './requestLog';
import type { HeaderList } from './securityHeaders';

export interface FixedResponse {
  response: Precompressed;
  cacheControl: string;
}

interface Prepared {
  etag: string;
  /** Flat [name, value, ...] lists; index 1 is the request id, filled in per request. */
  ok: Record<Encoding, { headers: string[]; body: Buffer }>;
  notModified: string[];
}

const ENCODINGS: Encoding[] = ['identity', 'gzip', 'br'];

function prepare({ response, cacheControl }: FixedResponse, security: HeaderList): Prepared {
  const common = ['X-Request-Id', '', ...security.flat(), 'Cache-Control', cacheControl, 'Vary', 'Accept-Encoding', 'ETag', response.etag];
  const ok = {} as Prepared['ok'];
  for (const encoding of ENCODINGS) {
    const body = response.bodies[encoding];
    const headers = [...common, 'Content-Type', response.contentType, 'Content-Length', String(body.length)];
    if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
    ok[encoding] = { headers, body };
  }
  return { etag: response.etag, ok, notModified: common };
}

/** The path of an absolute-form request target (`GET http://host/ HTTP/1.1`, as some proxies send). */
function absoluteFormPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** Answers the request and returns true, or returns false and leaves it untouched. */
export type FastHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function fastPages(fixed: Map<string, FixedResponse>, security: HeaderList, logger: Logger): FastHandler {
  const prepared = new Map<string, Prepared>();
  for (const [path, entry] of fixed) {
    prepared.set(path, prepare(entry, security));
    // Large files get smaller compressed forms just after start-up: rebuild their header lists then.
    void entry.response.improved.then(() => prepared.set(path, prepare(entry, security)));
  }

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = url.startsWith('/') ? (query === -1 ? url : url.slice(0, query)) : absoluteFormPath(url);
    // Exact lookups only: no path from the request ever reaches the file system.
    const page = prepared.get(path);
    if (!page) return false;

    const logging = logger.isLevelEnabled('info');
    const started = logging ? performance.now() : 0;
    const ifNoneMatch = req.headers['if-none-match'];
    let status = 200;
    let headers: string[];
    let body: Buffer | undefined;
    if (ifNoneMatch !== undefined && isFresh(ifNoneMatch, page.etag)) {
      status = 304;
      headers = page.notModified.slice();
    } else {
      const variant = page.ok[encodingFor(req.headers['accept-encoding'])];
      headers = variant.headers.slice();
      if (method === 'GET') body = variant.body;
    }
    const id = requestId(req.headers['x-request-id']);
    headers[1] = id;
    res.writeHead(status, headers);
    res.end(body);
    if (logging) logRequest(logger, 'info', id, method, path, status, started);
    return true;
  };
}
