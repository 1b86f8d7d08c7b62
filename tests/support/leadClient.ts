/**
 * Posts to the lead endpoint over node:http, so a test controls every byte and
 * header (fetch would fix the content type, refuse some headers and pick its
 * own source address). localAddress lets one test act as many IPv4 clients:
 * every 127.x.y.z address is this machine's loopback.
 */
import { type Agent, request } from 'node:http';
import { LEAD_ENDPOINT as LEAD_PATH } from '../../src/contract/lead';

/** The endpoint's path, from the shared contract, to address requests (tests/contract/contract.test.ts checks its value). */
export { LEAD_PATH };

export interface LeadReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The JSON answer, or undefined when the body is not JSON (the no-JavaScript HTML page). */
  json: Record<string, unknown> | undefined;
}

export interface PostOptions {
  contentType?: string | undefined;
  headers?: Record<string, string>;
  localAddress?: string;
  agent?: Agent;
  path?: string;
  method?: string;
}

export function postRaw(baseUrl: string, body: string, options: PostOptions = {}): Promise<LeadReply> {
  const url = new URL(options.path ?? LEAD_PATH, baseUrl);
  const headers: Record<string, string> = { ...options.headers, 'Content-Length': String(Buffer.byteLength(body)) };
  if (options.contentType !== undefined) headers['Content-Type'] = options.contentType;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'POST',
        headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> | undefined;
          try {
            json = /json/.test(res.headers['content-type'] ?? '')
              ? (JSON.parse(text) as Record<string, unknown>)
              : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.href} within 15 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

export function postLead(
  baseUrl: string,
  lead: Record<string, unknown>,
  options: PostOptions = {},
): Promise<LeadReply> {
  return postRaw(baseUrl, JSON.stringify(lead), { contentType: 'application/json', ...options });
}
