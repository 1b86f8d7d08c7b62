/**
 * Smaller findings of the security review, each reproduced through the real
 * server: one ETag per encoding, strict case-sensitive lead routes, the
 * not-found log without query strings, the same-site check that ignores the
 * Host header and, in production, the address the server listens on, and the
 * alert e-mail's mailto link.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { leadSitesPerTest, LEAD_PATH } from '../support/leadSite';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { SERVER_ERRORS } from '../support/visitorText';
import { waitFor } from '../support/waitFor';

const leadSite = leadSitesPerTest();

function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; etag: string | undefined; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, encoding: res.headers['content-encoding'] }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('ETags of the home page', () => {
  it('differ per encoding, and If-None-Match revalidates only the encoding the client holds', async () => {
    const s = await leadSite({ sms: false, email: false });
    const br = await get(`${s.url}/`, { 'Accept-Encoding': 'br' });
    const gzip = await get(`${s.url}/`, { 'Accept-Encoding': 'gzip' });
    const identity = await get(`${s.url}/`, {});
    assert.deepEqual([br.encoding, gzip.encoding, identity.encoding], ['br', 'gzip', undefined]);
    const tags = [br.etag, gzip.etag, identity.etag];
    assert.ok(
      tags.every((t) => t !== undefined && /^"[^"]+"$/.test(t)),
      `strong ETags: ${tags.join(' ')}`,
    );
    assert.equal(new Set(tags).size, 3, 'three bodies, three ETags');

    // Just after start-up the bodies are recompressed at their best, which gives them new ETags
    // (new bytes): a copy taken before that is rightly sent again. Once the page is in its final
    // form, the copy the client holds revalidates.
    let held = gzip;
    let revalidated = 0;
    for (const deadline = Date.now() + 10_000; revalidated !== 304 && Date.now() < deadline; ) {
      held = await get(`${s.url}/`, { 'Accept-Encoding': 'gzip' });
      revalidated = (await get(`${s.url}/`, { 'Accept-Encoding': 'gzip', 'If-None-Match': held.etag as string }))
        .status;
    }
    assert.equal(revalidated, 304);
    const mismatch = await get(`${s.url}/`, { 'Accept-Encoding': 'br', 'If-None-Match': held.etag as string });
    assert.equal(mismatch.status, 200, 'a gzip copy is not declared current for a brotli request');
    assert.equal(mismatch.encoding, 'br');
  });
});

describe('lead routes', () => {
  it('match the exact path only: another case or a trailing slash is not the endpoint', async () => {
    const s = await leadSite({ sms: false, email: false });
    const lead = { name: 'Ada', company: 'Engines', email: 'ada@example.com' };
    for (const path of [LEAD_PATH.toUpperCase(), `${LEAD_PATH}/`]) {
      const res = await fetch(`${s.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(lead),
      });
      assert.equal(res.status, 404, path);
    }
    assert.equal(s.rows().length, 0, 'nothing stored');
  });
});

describe('the same-site check', () => {
  it('compares Origin with PUBLIC_URL, not with the Host header the client sends', async () => {
    const s = await leadSite({ sms: false, email: false, env: { PUBLIC_URL: 'https://strategist.example.org' } });
    // Over node:http (s.post), where a test chooses the Host header, as fetch would not let it.
    const res = await s.post(
      { name: 'Ada', company: 'Engines', email: 'ada@example.com' },
      { headers: { Host: 'evil.example', Origin: 'http://evil.example' } },
    );
    assert.equal(res.status, 403);
    assert.equal(s.rows().length, 0);
  });

  let visitors = 0;
  const visitor = () => ({
    name: `Visitor ${(visitors += 1)}`,
    company: 'Acme',
    email: `visitor${visitors}@example.com`,
  });

  it('in production, takes only PUBLIC_URL as our own page: a post from the address the server listens on is refused', async () => {
    const s = await leadSite({
      sms: false,
      email: false,
      env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://www.example.com' },
    });
    // What a page served straight from the listening socket (http://127.0.0.1:<port>) would send.
    for (const origin of [s.url, `http://localhost:${new URL(s.url).port}`]) {
      const res = await s.post(visitor(), { headers: { Origin: origin } });
      assert.equal(res.status, 403, origin);
      assert.deepEqual(res.json, { success: false, error: SERVER_ERRORS.crossSite }, origin);
    }
    assert.equal(s.rows().length, 0, 'nothing stored');
    const own = await s.post(visitor(), { headers: { Origin: 'https://www.example.com' } });
    assert.deepEqual([own.status, own.json.success], [200, true], 'a post from the PUBLIC_URL page is taken');
    assert.equal(s.rows().length, 1);
  });

  for (const nodeEnv of ['development', 'test']) {
    it(`with NODE_ENV=${nodeEnv}, also takes the address the server listens on as our own page`, async () => {
      const s = await leadSite({
        sms: false,
        email: false,
        env: { NODE_ENV: nodeEnv, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://www.example.com' },
      });
      for (const origin of [s.url, `http://localhost:${new URL(s.url).port}`]) {
        const res = await s.post(visitor(), { headers: { Origin: origin } });
        assert.deepEqual([res.status, res.json.success], [200, true], origin);
      }
      assert.equal(s.rows().length, 2, 'both stored');
      const other = await s.post(visitor(), { headers: { Origin: 'http://127.0.0.1:1' } });
      assert.equal(other.status, 403, 'another port of this machine is another site');
      assert.equal(s.rows().length, 2);
    });
  }
});

describe('the alert e-mail', () => {
  it("links to the lead's address as one mailto recipient, whatever it contains", async () => {
    const s = await leadSite();
    const res = await s.post({ name: 'Mallory', company: 'Evil', email: 'ceo?cc=attacker@evil.example' });
    assert.equal(res.status, 200);
    await waitFor(() => s.smtp.messages.length === 1, 5_000, 'the alert e-mail');
    const html = s.smtp.messages[0]?.html ?? '';
    assert.match(html, /href="mailto:ceo%3Fcc%3Dattacker%40evil\.example"/);
    assert.doesNotMatch(html, /mailto:[^"]*\?cc=/);
  });
});

describe('the not-found log line', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' } });
  });
  after(async () => {
    await server?.stop();
  });

  it('records the path without its query string', async () => {
    const res = await fetch(`${server.url}/reset-password?email=ada%40example.com&token=s3cr3t`);
    assert.equal(res.status, 404);
    await waitFor(() => server.logLines().some((l) => l.msg === 'page not found'), 5_000, 'the log line');
    const line = server.logLines().find((l) => l.msg === 'page not found');
    assert.equal(line?.path, '/reset-password');
    assert.doesNotMatch(server.output(), /s3cr3t|ada%40example/);
  });
});
