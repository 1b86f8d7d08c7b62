/**
 * The common part of the providers' stand-ins (webhook receiver, Telegram,
 * ntfy): a server on 127.0.0.1 that reads each request whole, counts every
 * connection (so a test can prove none was made), and hands the request to
 * the stand-in's own answer.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandIn {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** TCP connections accepted, whatever came of them. */
  connections: number;
  requests: StandInRequest[];
  close(): Promise<void>;
}

export type StandInAnswer = (req: StandInRequest, res: ServerResponse) => void;

export async function startStandIn(answer: StandInAnswer): Promise<StandIn> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      standIn.requests.push(request);
      answer(request, res);
    });
  });
  server.on('connection', () => {
    standIn.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: 0,
    requests: [],
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return standIn;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
