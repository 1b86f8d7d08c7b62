/**
 * Responses prepared once: the body in identity, gzip and brotli forms with a
 * strong ETag. Serving one is a header lookup and a write, which is what makes
 * a static page fast without a caching proxy in front.
 *
 * Start-up time matters too (ready within 300 ms), and brotli at its best
 * quality is slow: about 1 s for the 230 KB form bundle, tens of ms for the
 * page. So every body starts with fast settings (a few ms in all, already far
 * smaller than identity) and is replaced by the best compression, computed on
 * zlib's thread pool off the main thread, just after start-up. `improved`
 * resolves when that is done; the bytes decode to the same content either way.
 */
import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { Request, Response } from 'express';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Precompressed {
  contentType: string;
  etag: string;
  /** Always complete; the compressed forms are swapped for smaller ones when `improved` resolves. */
  bodies: Record<Encoding, Buffer>;
  improved: Promise<void>;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliQuality = (quality: number, size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

export function precompress(body: string | Buffer, contentType: string): Precompressed {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const bodies = {
    identity,
    gzip: gzipSync(identity, { level: 4 }),
    br: brotliCompressSync(identity, brotliQuality(4, identity.length)),
  };
  const best = Promise.all([brotliAsync(identity, brotliQuality(11, identity.length)), gzipAsync(identity, { level: 9 })]);
  return {
    contentType,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    bodies,
    improved: best.then(
      ([br, gz]) => void Object.assign(bodies, { br, gzip: gz }),
      () => undefined, // keep the fast-settings forms: correct, only larger
    ),
  };
}

/** The best encoding the client accepts (RFC 9110 q-values), preferring brotli, then gzip. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[token] = Number.isFinite(value) ? value : 0;
  }
  const accepts = (name: string) => (q[name] ?? q['*'] ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

const encodingMemo = new Map<string, Encoding>();

/**
 * pickEncoding, remembered per Accept-Encoding value: browsers send a handful
 * of distinct values, so parsing each once saves a split and a regex-free scan
 * per request. Bounded: long or too many distinct values are parsed each time.
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const known = encodingMemo.get(acceptEncoding);
  if (known) return known;
  const encoding = pickEncoding(acceptEncoding);
  if (acceptEncoding.length <= 200 && encodingMemo.size < 64) encodingMemo.set(acceptEncoding, encoding);
  return encoding;
}

/** True when the client's cached copy (If-None-Match) is still the current one. */
export function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export interface SendOptions {
  status?: number;
  cacheControl: string;
}

export function sendPrecompressed(req: Request, res: Response, response: Precompressed, options: SendOptions): void {
  const status = options.status ?? 200;
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', response.etag);
  if (status === 200 && isFresh(req.headers['if-none-match'], response.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = encodingFor(req.headers['accept-encoding']);
  const body = response.bodies[encoding];
  res.status(status);
  res.setHeader('Content-Type', response.contentType);
  res.setHeader('Content-Length', body.length);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.end(req.method === 'HEAD' ? undefined : body);
}
