/**
 * One HTTP POST to a provider or the owner's endpoint, for the channels without an SDK (webhook, Telegram, ntfy):
 * node:http so that the webhook's connection can use its own lookup (addressGuard.ts), a keep-alive agent per
 * sender so a burst of leads reuses connections, no redirect ever followed, and the caller's AbortSignal (the
 * runner's deadline) over the whole exchange. Errors carry a code and a message that never contain the URL
 * (Telegram's holds the bot token).
 */
import { Agent as HttpAgent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first 64 KB of the answer's body, as text. */
  body: string;
}

const MAX_BODY = 64 * 1024;

/** The fields of an answer's JSON object; {} when the body is not one (an HTML error page, a cut-off body). */
export function jsonFields(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** `lookup`: how the connection finds the address (the webhook's refuses private ones). */
export function createHttpPoster(lookup?: LookupFunction) {
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 64 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }),
  };
  return {
    /** Fails with ETIMEDOUT once `signal` aborts, whatever stage the exchange is at. */
    post(url: URL, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<HttpAnswer> {
      return new Promise<HttpAnswer>((resolve, reject) => {
        const https = url.protocol === 'https:';
        const req = (https ? httpsRequest : httpRequest)(url, {
          method: 'POST',
          agent: https ? agents.https : agents.http,
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          ...(lookup ? { lookup } : {}),
        });
        // Settled once, by whichever comes first: the answer's end, an error of the request or of
        // the answer (a connection cut mid-answer), or the deadline, which also covers a slow body.
        let settled = false;
        const fail = (err: Error & { code?: unknown }) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', expire);
          // Node's own messages name the address and port, never the path; a lookup's refusal is ours.
          reject(Object.assign(new Error(err.message), { code: err.code }));
        };
        function expire() {
          const err = Object.assign(new Error('no answer before the deadline'), { code: 'ETIMEDOUT' });
          fail(err);
          req.destroy(err);
        }
        if (signal.aborted) return expire();
        signal.addEventListener('abort', expire, { once: true });
        req.on('error', fail);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < MAX_BODY) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('error', fail);
          res.on('aborted', () => fail(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' })));
          res.on('end', () => {
            if (settled) return;
            settled = true;
            signal.removeEventListener('abort', expire);
            const text = Buffer.concat(chunks).toString('utf8').slice(0, MAX_BODY);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
          });
        });
        req.end(body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
