/**
 * The POST the webhook, Telegram and ntfy senders share always settles: an
 * answer cut off mid-body, or a body that stops coming, fails the attempt
 * (so the worker retries it) instead of leaving it under way for ever; and a
 * redirect is handed back as it is, never followed.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createHttpPoster } from '../../src/alerts/httpPost';

let server: Server;
let origin: string;
before(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/cut') {
        res.writeHead(200, { 'Content-Length': '100' });
        res.write('{"ok":');
        setTimeout(() => res.socket?.destroy(), 20);
      } else if (req.url === '/stall') {
        res.writeHead(200, { 'Content-Length': '100' });
        res.write('{"ok":'); // and nothing more
      } else if (req.url === '/redirect') {
        res.writeHead(302, { Location: `${origin}/elsewhere` });
        res.end();
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

describe('the providers POST', () => {
  it('answers with the status and body', async () => {
    const poster = createHttpPoster();
    const answer = await poster.post(new URL(`${origin}/ok`), '{}', {}, AbortSignal.timeout(1000));
    assert.deepEqual([answer.status, answer.body], [200, '{"ok":true}']);
    poster.close();
  });

  it('fails when the answer is cut off mid-body', async () => {
    const poster = createHttpPoster();
    const started = Date.now();
    await assert.rejects(
      poster.post(new URL(`${origin}/cut`), '{}', {}, AbortSignal.timeout(2000)),
      (err: Error & { code?: string }) => {
        assert.ok(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'].includes(err.code ?? ''), String(err.code));
        return true;
      },
    );
    assert.ok(Date.now() - started < 1500, 'at once, not at the timeout');
    poster.close();
  });

  it('fails when its deadline comes while the body stops coming', async () => {
    const poster = createHttpPoster();
    const started = Date.now();
    await assert.rejects(poster.post(new URL(`${origin}/stall`), '{}', {}, AbortSignal.timeout(300)), {
      code: 'ETIMEDOUT',
      message: 'no answer before the deadline',
    });
    assert.ok(Date.now() - started < 1000, 'at the deadline');
    poster.close();
  });

  it('hands a redirect back without following it', async () => {
    const poster = createHttpPoster();
    const answer = await poster.post(new URL(`${origin}/redirect`), '{}', {}, AbortSignal.timeout(1000));
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.location, `${origin}/elsewhere`);
    poster.close();
  });
});
