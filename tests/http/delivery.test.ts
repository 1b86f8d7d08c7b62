/**
 * How pages and files travel: compression by Accept-Encoding, ETags and
 * revalidation, immutable hashed assets, security headers, and the not-found
 * page for every other path and method.
 */
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import http from 'node:http';
import request from 'supertest';
import { listen } from '../support/listen';
import { createTestSite, type TestSite } from '../support/site';

let site: TestSite;

/** Raw bytes of a response: supertest would decode them, so this asks over plain node:http. */
async function raw(method: string, path: string, headers: Record<string, string>) {
  const server = await listen(site.listener);
  try {
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    await server.close();
  }
}

before(() => {
  site = createTestSite({ VIDEO_THUMBNAIL_URL: 'https://i.ytimg.com/vi/x/hqdefault.jpg' });
});

describe('compression and caching of the page', () => {
  it('sends brotli, gzip or plain bytes as the client accepts, all the same page', async () => {
    const plain = await raw('GET', '/', { 'Accept-Encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    const br = await raw('GET', '/', { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(br.body), plain.body);
    const gz = await raw('GET', '/', { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), plain.body);
    const refusesBr = await raw('GET', '/', { 'Accept-Encoding': 'br;q=0, gzip' });
    assert.equal(refusesBr.headers['content-encoding'], 'gzip');
    assert.ok(br.body.length < plain.body.length / 4, 'compression pays');
    assert.equal(br.headers.vary, 'Accept-Encoding');
  });

  it('carries an ETag and answers 304 when the browser already has the page', async () => {
    const first = await request(site.listener).get('/').expect(200);
    const etag = first.headers.etag as string;
    assert.match(etag, /^"[\w-]{20,}"$/);
    assert.equal(first.headers['cache-control'], 'no-cache');
    // The page is recompressed at its best just after start-up (new bytes, new ETag): a copy taken
    // before that is rightly sent again, the copy of the final form revalidates.
    let again = await request(site.listener).get('/').set('If-None-Match', etag);
    for (let tries = 0; again.status !== 304 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const held = (await request(site.listener).get('/').expect(200)).headers.etag as string;
      again = await request(site.listener).get('/').set('If-None-Match', held);
    }
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    await request(site.listener).get('/').set('If-None-Match', '"stale"').expect(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await raw('HEAD', '/', { 'Accept-Encoding': 'identity' });
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 0);
    assert.ok(Number(res.headers['content-length']) > 10_000);
  });
});

describe('assets', () => {
  it('serves the stylesheet under a content-hashed name, cached for a year', async () => {
    const href = site.assets.urls['site.css']!;
    assert.match(href, /^\/assets\/site-[A-Z0-9]{8}\.css$/);
    const res = await request(site.listener).get(href).expect(200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(res.headers['content-type'] as string, /^text\/css/);
    assert.match(res.text, /--navy-900/);
  });

  it('never reads outside the built files', async () => {
    for (const path of [
      '/assets/',
      '/assets/manifest.json',
      '/assets/../package.json',
      '/assets/%2e%2e/package.json',
      '/assets/site.css',
    ]) {
      const res = await request(site.listener).get(path);
      assert.equal(res.status, 404, path);
    }
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and no X-Powered-By', async () => {
    const res = await request(site.listener).get('/').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    assert.equal(directives['default-src'], "'self'");
    assert.equal(directives['script-src'], "'self'");
    assert.equal(directives['style-src'], "'self'");
    assert.equal(directives['img-src'], "'self' https://i.ytimg.com");
    assert.equal(directives['frame-ancestors'], "'none'");
    assert.equal(directives['form-action'], "'self'");
    assert.equal(directives['base-uri'], "'none'");
    assert.equal(directives['object-src'], "'none'");
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(res.headers['x-powered-by'], undefined);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS on plain http');
  });

  it('adds HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    const tls = createTestSite({ PUBLIC_URL: 'https://example.org' });
    const res = await request(tls.listener).get('/').expect(200);
    assert.match(res.headers['strict-transport-security'] as string, /max-age=\d{8}/);
    assert.match(res.headers['content-security-policy'] as string, /upgrade-insecure-requests/);
  });
});

describe('not-found page', () => {
  const cases: [string, string][] = [
    ['get', '/nope'],
    ['get', '/services'],
    ['get', '/index.html'],
    ['get', '/assets/missing-ABCDEFGH.js'],
    ['get', '/a/b/c?x=1'],
    ['post', '/'],
    ['put', '/'],
    ['delete', '/robots.txt'],
    ['patch', '/anything'],
  ];
  for (const [method, path] of cases) {
    it(`answers ${method.toUpperCase()} ${path} with 404 and the not-found page`, async () => {
      const res = await request(site.listener)[method as 'get'](path).expect(404);
      assert.match(res.headers['content-type'] as string, /text\/html/);
      assert.match(res.text, /<h1>404<\/h1>/);
      assert.match(res.text, /Oops! Page not found/);
      assert.match(res.text, /<a class="button button-primary" href="\/">Return to Home<\/a>/);
      assert.match(res.text, /<meta name="robots" content="noindex"\/>/);
      assert.match(res.text, /<script type="module" src="\/assets\/not-found-[A-Z0-9]+\.js">/);
    });
  }
});
