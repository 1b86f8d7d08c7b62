/**
 * The fixed responses: the home page, robots.txt, sitemap, favicon and the hashed assets, answered from memory for
 * GET and HEAD of an exact path, with one writeHead and one end. The server puts serve() in front of the Express
 * app in its request listener; every request it does not answer goes on to Express untouched.
 *
 * Why in front: before its first middleware runs, Express re-prototypes the request and response and walks its
 * router. A fixed response needs neither, and as Express's first middleware they were most of what it cost
 * (docs/performance.md, "How the home page is served").
 *
 * Everything about a fixed response is decided at start-up, the complete header list included (security headers,
 * caching, ETag, type, length, encoding). Per request there is only the path lookup, the encoding (negotiator,
 * remembered per Accept-Encoding value), If-None-Match (fresh), a request id and the log line. The 404 page and
 * the lead result page go through Express but are written by the same writePrepared().
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import type { SiteLanguage } from '../contract/languages';
import type { Logger } from '../lib/logger';
import { ENCODINGS, type Body, type Encoding } from './precompress';
import { logRequest, requestId } from './requestLog';
import type { HeaderList } from './securityHeaders';

export const HTML = 'text/html; charset=utf-8';
export const REVALIDATE = 'no-cache';

export interface FixedResponse {
  body: Body;
  cacheControl: string;
  /** A language's home page (`/`, `/pt/`, `/es/`): its GETs are counted as views in that language. */
  language?: SiteLanguage;
}

interface Variant {
  etag: string | undefined;
  /** Flat [name, value, ...] header lists for a 200 (or other status) and for a 304. */
  headers: string[];
  notModified: string[];
  body: Buffer;
}

/** A response ready to write: one variant per encoding it has. */
export type Prepared = Partial<Record<Encoding, Variant>> & { identity: Variant };

/**
 * The header lists of each encoding. A response that may be stored (anything but no-store) gets
 * a strong ETag per encoding, a hash of the bytes sent: the gzip and brotli bodies differ, and a
 * shared cache that revalidates must never be told its copy in one encoding is the other.
 */
export function prepare({ body, cacheControl }: FixedResponse, extra: HeaderList = []): Prepared {
  const encodings = ENCODINGS.filter((e) => body.bodies[e] !== undefined);
  const storable = cacheControl !== 'no-store';
  const vary = encodings.length > 1 ? ['Vary', 'Accept-Encoding'] : [];
  const prepared = {} as Prepared;
  for (const encoding of encodings) {
    const bytes = body.bodies[encoding] as Buffer;
    const etag = storable ? `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` : undefined;
    const common = [...extra.flat(), 'Cache-Control', cacheControl, ...vary, ...(etag ? ['ETag', etag] : [])];
    const headers = [...common, 'Content-Type', body.contentType, 'Content-Length', String(bytes.length)];
    if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
    prepared[encoding] = { etag, headers, notModified: common, body: bytes };
  }
  return prepared;
}

const encodingMemo = new Map<string, Encoding>();

/**
 * The best encoding the client accepts (q-values, then brotli before gzip), remembered per
 * Accept-Encoding value: browsers send a handful of distinct values, so each is parsed once.
 * Bounded: long or too many distinct values are parsed each time.
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const known = encodingMemo.get(acceptEncoding);
  if (known) return known;
  // negotiator 1.x takes the tie-break order as an option its published types do not list yet.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as {
    encodings(available: string[], options: { preferred: string[] }): string[];
  };
  const encoding = (negotiator.encodings([...ENCODINGS], { preferred: [...ENCODINGS] })[0] ?? 'identity') as Encoding;
  if (acceptEncoding.length <= 200 && encodingMemo.size < 64) encodingMemo.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * Writes the prepared response: 304 when the client's copy in this encoding is current, else the
 * body (none for HEAD). `extra` are headers of this request only (the request id). Returns the status.
 */
export function writePrepared(
  req: IncomingMessage,
  res: ServerResponse,
  prepared: Prepared,
  status = 200,
  extra: string[] = [],
): number {
  const encoding = prepared.br || prepared.gzip ? encodingFor(req.headers['accept-encoding']) : 'identity';
  const variant = prepared[encoding] ?? prepared.identity;
  if (status === 200 && variant.etag !== undefined && fresh(req.headers, { etag: variant.etag })) {
    res.writeHead(304, [...extra, ...variant.notModified]);
    res.end();
    return 304;
  }
  res.writeHead(status, [...extra, ...variant.headers]);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
  return status;
}

/**
 * The path of the request target; absolute-form targets (`GET http://host/ HTTP/1.1`, as some proxies send)
 * included.
 */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  if (url.startsWith('/')) return query === -1 ? url : url.slice(0, query);
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * Told of every GET of a language's home page (not HEAD): counts the view, if it wants to. `query`: the request
 * target's query, `?` included ('' without one); `language`: the page's, English (`/`) when left out.
 */
export type HomePageView = (req: IncomingMessage, query: string, language?: SiteLanguage) => void;

export function createStaticPages(
  fixed: Map<string, FixedResponse>,
  security: HeaderList,
  logger: Logger,
  onHomePage?: HomePageView,
) {
  const table = new Map<string, Prepared>();
  const latest = new Map<string, FixedResponse>();
  const homes = new Map<string, SiteLanguage>();
  const improving = new Set<Promise<void>>();
  const show = (responses: Map<string, FixedResponse>) => {
    for (const [path, entry] of responses) {
      // The same response as before (a language a publish did not change): its prepared headers stand.
      if (latest.get(path) === entry) continue;
      if (entry.language === undefined) homes.delete(path);
      else homes.set(path, entry.language);
      // Prepared whole, then put in place: a request gets the old response or the new, never a mix.
      table.set(path, prepare(entry, security));
      latest.set(path, entry);
      // Bodies get smaller compressed forms a moment later: rebuild their header lists then, unless a newer
      // response took their place meanwhile.
      const improved = entry.body.improved?.then(() => {
        if (latest.get(path) === entry) table.set(path, prepare(entry, security));
      });
      if (improved) {
        improving.add(improved);
        void improved.finally(() => improving.delete(improved));
      }
    }
  };
  show(fixed);
  return {
    /**
     * Puts these responses in place of those at the same paths (a newly published page), at once; the others stay,
     * but for the language pages in `gone` (a language no longer offered), which are served no more.
     */
    replace(responses: Map<string, FixedResponse>, gone: readonly string[] = []) {
      for (const path of gone) {
        table.delete(path);
        latest.delete(path);
        homes.delete(path);
      }
      show(responses);
    },
    /**
     * Resolves once every response in place is served in its smallest compressed forms (their ETags change then, a
     * moment after start-up or a publish): what a check of ETags across a publish waits for first.
     */
    async compressed(): Promise<void> {
      while (improving.size > 0) await Promise.all(improving);
    },
    /** Answers the request and returns true, or returns false and leaves it untouched. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      const method = req.method;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const path = pathOf(url);
      // Exact lookups only: no path from the request ever reaches the file system.
      const prepared = table.get(path);
      if (!prepared) return false;
      const logging = logger.isLevelEnabled('info');
      const started = logging ? performance.now() : 0;
      const id = requestId(req.headers['x-request-id']);
      const status = writePrepared(req, res, prepared, 200, ['X-Request-Id', id]);
      const language = method === 'GET' ? homes.get(path) : undefined;
      if (language !== undefined && onHomePage) {
        const query = url.indexOf('?');
        onHomePage(req, query === -1 ? '' : url.slice(query), language);
      }
      if (logging) logRequest(logger, 'info', id, method, path, status, started);
      return true;
    },
  };
}
