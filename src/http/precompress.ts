/**
 * Bodies compressed once, at start-up: identity, gzip and brotli forms of each fixed response, so serving one is a
 * lookup and a write.
 *
 * Start-up time matters too (ready within 300 ms), and brotli at its best quality is slow: on the form bundle, the
 * largest body, it alone takes longer than the whole start-up may. So every body starts with fast settings (quick,
 * and already far smaller than identity) and is replaced by the best compression, computed on zlib's thread pool
 * off the main thread, just after start-up (docs/performance.md, "How the home page is served"). `improved`
 * resolves when that is done; the bytes decode to the same content either way.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encodings a body can be sent in, best first. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];

export interface Body {
  contentType: string;
  /** identity always; the compressed forms when the body was precompressed. */
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** Resolves when the compressed forms have been swapped for their smallest versions. */
  improved?: Promise<void>;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliQuality = (quality: number, size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

export function precompress(body: string | Buffer, contentType: string): Body {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const bodies = {
    identity,
    gzip: gzipSync(identity, { level: 4 }),
    br: brotliCompressSync(identity, brotliQuality(4, identity.length)),
  };
  const best = Promise.all([
    brotliAsync(identity, brotliQuality(11, identity.length)),
    gzipAsync(identity, { level: 9 }),
  ]);
  return {
    contentType,
    bodies,
    improved: best.then(
      ([br, gz]) => void Object.assign(bodies, { br, gzip: gz }),
      () => undefined, // keep the fast-settings forms: correct, only larger
    ),
  };
}

/** A body sent as it is (rendered per request): no compressed forms. */
export function identityBody(body: string, contentType: string): Body {
  return { contentType, bodies: { identity: Buffer.from(body, 'utf8') } };
}
