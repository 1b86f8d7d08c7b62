/**
 * HTTP over a bare TCP socket: the only way to send what real clients never
 * send (unnormalised paths, broken framing, bytes dripped one at a time).
 * fetch and supertest would clean up or refuse such requests before they ever
 * reached the server, which is exactly what an attacker does not do.
 */
import { connect } from 'node:net';

export interface RawResponse {
  /** Status code of the first response line, 0 when the server sent nothing. */
  status: number;
  head: string;
  body: string;
  /** Everything received, as latin1 so no byte is lost. */
  raw: string;
  /** How the exchange ended: the server closed, or our own time limit hit. */
  ended: 'closed' | 'timeout' | 'error';
  ms: number;
}

function parse(raw: string, ended: RawResponse['ended'], ms: number): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  return { status: match ? Number(match[1]) : 0, head, body: split === -1 ? '' : raw.slice(split + 4), raw, ended, ms };
}

/** Sends `data` at once and collects the answer until the server closes or `timeoutMs` passes. */
export function rawRequest(port: number, data: string | Buffer, timeoutMs = 5_000): Promise<RawResponse> {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (ended: RawResponse['ended']) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks).toString('latin1'), ended, Date.now() - started));
    };
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish('error'));
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
  });
}

export interface DripOptions {
  /** Sent at once when connected. */
  prefix: string;
  /** Sent one piece per interval, repeating, until the server hangs up. */
  drip: string;
  intervalMs: number;
  /** Our own bound: give up (and report 'timeout') after this long. */
  timeoutMs: number;
}

/**
 * A slow client: sends `prefix`, then keeps the connection busy with a small
 * piece every interval, as a slowloris attack does, so an idle-socket timeout
 * alone would never fire. Resolves when the server closes the connection.
 */
export function dripRequest(port: number, options: DripOptions): Promise<RawResponse & { bytesSent: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    let bytesSent = 0;
    let done = false;
    let ticker: NodeJS.Timeout | undefined;
    const finish = (ended: RawResponse['ended']) => {
      if (done) return;
      done = true;
      clearInterval(ticker);
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks).toString('latin1'), ended, Date.now() - started), bytesSent });
    };
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(options.prefix);
      bytesSent += Buffer.byteLength(options.prefix);
      ticker = setInterval(() => {
        if (socket.writable) {
          socket.write(options.drip);
          bytesSent += Buffer.byteLength(options.drip);
        }
      }, options.intervalMs);
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish('error'));
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs);
  });
}
