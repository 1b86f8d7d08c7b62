/**
 * GET / asking for one encoding, decoded here (fetch would decode it unasked and hide which was sent):
 * for tests that the text and the ETag of every compressed variant follow a publish.
 */
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const DECODERS = { identity: (b: Buffer) => b, gzip: gunzipSync, br: brotliDecompressSync };

export type PageEncoding = keyof typeof DECODERS;
export const PAGE_ENCODINGS = Object.keys(DECODERS) as PageEncoding[];

export function homeIn(url: string, encoding: PageEncoding, path = '/') {
  return new Promise<{ etag: string | undefined; sent: string; body: string }>((resolve, reject) => {
    get(`${url}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const etag = res.headers.etag;
        const sent = res.headers['content-encoding'] ?? 'identity';
        resolve({ etag, sent, body: DECODERS[encoding](Buffer.concat(chunks)).toString('utf8') });
      });
    }).on('error', reject);
  });
}
