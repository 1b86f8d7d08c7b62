/**
 * HTTP abuse against the real server process: requests no browser would send
 * (huge headers, broken framing, smuggling attempts, odd methods). Each must
 * get a clean 4xx, never a page or a hang, and the process must keep serving
 * visitors afterwards. Uses raw sockets because fetch refuses to send these.
 */
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { LEAD_PATH } from '../support/leadClient';
import { rawRequest } from '../support/rawHttp';
import { startServer, type ServerProcess } from '../support/serverProcess';

let server: ServerProcess;
let sent = 0;

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

async function send(data: string, timeoutMs = 5_000) {
  sent += 1;
  return rawRequest(server.port, data, timeoutMs);
}

async function assertStillServing() {
  const res = await fetch(`${server.url}/`);
  assert.equal(res.status, 200, 'the home page still loads for the next visitor');
  assert.equal(server.child.exitCode, null, 'the process is still running');
}

before(async () => {
  server = await startServer();
});

after(async () => {
  const code = await server.stop('SIGTERM');
  console.log(`[http-abuse] raw requests sent: ${sent}; process exit after SIGTERM: ${code}`);
});

describe('oversized headers', () => {
  it('answers 431 to one 20 KB header and to 3,000 small ones', async () => {
    const big = await send(get('/', `X-Big: ${'a'.repeat(20_000)}\r\n`));
    assert.equal(big.status, 431, big.head);
    const many = await send(get('/', Array.from({ length: 3_000 }, (_, i) => `X-H${i}: v\r\n`).join('')));
    assert.equal(many.status, 431, many.head);
    const cookie = await send(get('/', `Cookie: ${'c=1; '.repeat(5_000)}\r\n`));
    assert.equal(cookie.status, 431, cookie.head);
    await assertStillServing();
  });
});

describe('malformed requests', () => {
  // Each is refused by the HTTP parser with 400 before any route runs.
  const cases: [string, string][] = [
    ['no Host header on HTTP/1.1', 'GET / HTTP/1.1\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    [
      'two different Content-Lengths (smuggling)',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
    ],
    [
      'Content-Length with Transfer-Encoding (smuggling)',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['a space inside a header name', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n'],
    ['a folded (obsolete) header line', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n'],
    ['bare LF line endings', 'GET / HTTP/1.1\nHost: x\n\n'],
    ['a NUL byte in the path', 'GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a control character in a header value', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n'],
    ['an invalid method token', 'G(T / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unknown HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['a TLS handshake sent to the plain port', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'],
    ['binary garbage', '\x00\xff\xfe\x00\r\n\r\n'],
  ];
  for (const [name, data] of cases) {
    it(`answers 400 to ${name}`, async () => {
      const res = await send(data);
      assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.head)}`);
      assert.doesNotMatch(res.body, /<html/i, 'no page is rendered for it');
    });
  }

  it('answers 400 to a lead body with broken chunked framing', async () => {
    const chunked = await send(
      `POST ${LEAD_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n`,
    );
    assert.equal(chunked.status, 400, chunked.head);
  });

  it('keeps serving after all of them, sent one after the other', async () => {
    for (const [, data] of cases) await send(data);
    await assertStillServing();
  });

  it('answers a path that is not valid percent-encoding with the not-found page, not an error', async () => {
    for (const path of ['/%', '/%E0%A4%A', '/assets/%zz', '/%C0%AF']) {
      const res = await send(get(path));
      assert.equal(res.status, 404, `${path}: ${res.head}`);
      assert.match(res.body, /<h1>404<\/h1>/);
    }
  });
});

describe('methods other than GET and HEAD on pages', () => {
  const methods = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'LOCK'];
  for (const method of methods) {
    it(`answers ${method} on the page, an asset and robots.txt with 404 or 405`, async () => {
      for (const path of ['/', '/robots.txt', '/favicon.svg']) {
        const res = await send(
          `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        );
        assert.ok(res.status === 404 || res.status === 405, `${method} ${path}: ${res.head}`);
        // TRACE must never echo the request back (cross-site tracing).
        assert.doesNotMatch(res.body, /^TRACE /m);
      }
    });
  }

  it('is never a proxy: CONNECT and absolute-form targets open no connection to the host they name', async () => {
    // A canary on another local port: any connection to it means the server relayed the request.
    let relayed = 0;
    const canary = createServer((socket) => {
      relayed += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const target = `127.0.0.1:${(canary.address() as AddressInfo).port}`;
    try {
      const tunnel = await send(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`, 3_000);
      assert.ok(tunnel.status === 0 || tunnel.status >= 400, tunnel.head);
      assert.notEqual(tunnel.ended, 'timeout', 'the server hangs up instead of holding the socket');
      const absolute = await send(get(`http://${target}/secret`));
      // RFC 9112 lets a server take the path of an absolute-form target as its own: our page or our 404, nothing else.
      assert.ok(
        absolute.status === 404 || (absolute.status === 200 && absolute.body.includes('<!DOCTYPE html>')),
        absolute.head,
      );
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(relayed, 0, 'nothing was relayed to the named host');
    } finally {
      await new Promise((resolve) => canary.close(resolve));
    }
    await assertStillServing();
  });
});
