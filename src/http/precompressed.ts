/**
 * Responses prepared once: the body in identity, gzip and brotli forms with a
 * strong ETag. Serving one is a header lookup and a write, which is what makes
 * a static page fast without a caching proxy in front.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Precompressed {
  contentType: string;
  etag: string;
  bodies: Record<Encoding, Buffer>;
}

export function precompress(body: string | Buffer, contentType: string): Precompressed {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return {
    contentType,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    bodies: {
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    },
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
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const body = response.bodies[encoding];
  res.status(status);
  res.setHeader('Content-Type', response.contentType);
  res.setHeader('Content-Length', body.length);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.end(req.method === 'HEAD' ? undefined : body);
}
