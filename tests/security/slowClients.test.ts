/**
 * Slow clients (slowloris) against the real server process: headers dripped a
 * line at a time, a body dripped a byte at a time, a socket that never sends
 * anything. The server must hang up on each within its configured timeouts
 * (plus the timer's granularity), and visitors must still be served while
 * dozens of such sockets are held open. Timeouts are lowered through the
 * environment so the test takes seconds, not the production minute.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LEAD_PATH } from '../support/leadClient';
import { dripRequest, type RawResponse } from '../support/rawHttp';
import { startServer, type ServerProcess } from '../support/serverProcess';

const HEADERS_TIMEOUT_MS = 1_500;
const REQUEST_TIMEOUT_MS = 3_000;
/** Node checks these timeouts on an interval; the server sets it to at most a second. */
const GRANULARITY_MS = 1_500;

let server: ServerProcess;

/**
 * The server let go of the client: it closed the socket, or reset it (our next drip after its
 * close, or bytes it never read, earn a reset). Either frees the client's slot; which one the
 * client sees depends on scheduling, so only 'timeout' (we gave up first) means it held on.
 */
function assertLetGo(res: RawResponse, what: string): void {
  assert.notEqual(res.ended, 'timeout', `the server never hung up on ${what} (${res.ms} ms)`);
}

before(async () => {
  server = await startServer({
    env: {
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      LEAD_RATE_LIMIT: '1000',
    },
  });
});

after(async () => {
  await server.stop();
});

const slowHeaders = () =>
  dripRequest(server.port, {
    prefix: 'GET / HTTP/1.1\r\nHost: x\r\n',
    drip: 'X-Slow: 1\r\n',
    intervalMs: 200,
    timeoutMs: 20_000,
  });

const slowBody = () =>
  dripRequest(server.port, {
    prefix: `POST ${LEAD_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"name":"`,
    drip: 'a',
    intervalMs: 200,
    timeoutMs: 20_000,
  });

const silent = () => dripRequest(server.port, { prefix: '', drip: '', intervalMs: 1_000, timeoutMs: 20_000 });

describe('slow clients', () => {
  it('hangs up on headers dripped a line at a time once the headers timeout passes', async () => {
    const res = await slowHeaders();
    assertLetGo(res, 'dripped headers');
    assert.ok(res.ms >= HEADERS_TIMEOUT_MS - 100, `not before the timeout (${res.ms} ms)`);
    assert.ok(res.ms <= HEADERS_TIMEOUT_MS + GRANULARITY_MS, `soon after the timeout (${res.ms} ms)`);
    assert.ok(res.status === 408 || res.status === 0, res.head);
  });

  it('hangs up on a lead body dripped a byte at a time once the request timeout passes', async () => {
    const res = await slowBody();
    assertLetGo(res, 'a dripped body');
    assert.ok(res.ms >= REQUEST_TIMEOUT_MS - 100, `not before the timeout (${res.ms} ms)`);
    assert.ok(res.ms <= REQUEST_TIMEOUT_MS + GRANULARITY_MS, `soon after the timeout (${res.ms} ms)`);
    assert.ok(res.bytesSent < 10_000, 'cut off before the body was complete');
    assert.ok(res.status === 408 || res.status === 0, res.head);
  });

  it('hangs up on a socket that never sends a byte', async () => {
    const res = await silent();
    assertLetGo(res, 'a silent socket');
    assert.ok(res.ms >= HEADERS_TIMEOUT_MS - 100, `not before the headers timeout (${res.ms} ms)`);
    assert.ok(res.ms <= REQUEST_TIMEOUT_MS + GRANULARITY_MS, `${res.ms} ms`);
  });

  it('keeps serving visitors quickly while 60 slow sockets are held open', async () => {
    const attackers = [
      ...Array.from({ length: 30 }, slowHeaders),
      ...Array.from({ length: 20 }, slowBody),
      ...Array.from({ length: 10 }, silent),
    ];
    await new Promise((r) => setTimeout(r, 300));
    const times: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = Date.now();
      const res = await fetch(`${server.url}/`);
      await res.arrayBuffer();
      assert.equal(res.status, 200);
      times.push(Date.now() - started);
    }
    const results = await Promise.all(attackers);
    console.log(
      `[slow-clients] ${attackers.length} slow sockets held; page answered in max ${Math.max(...times)} ms; all cut off after max ${Math.max(...results.map((r) => r.ms))} ms`,
    );
    assert.ok(Math.max(...times) < 1_000, `page times ${times.join(', ')} ms`);
    for (const res of results) assertLetGo(res, 'one of the slow sockets');
    assert.equal(server.child.exitCode, null);
  });
});
