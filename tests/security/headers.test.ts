/**
 * The security posture a visitor's browser enforces, read from the real server
 * process: each header the MDN HTTP Observatory grades, on every kind of
 * response (page, asset, not-found page, HEAD), and the Observatory's own
 * scoring rules applied to them: A+ when the site is served behind TLS.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { observatoryScore } from './observatoryScore';

const THUMBNAIL = 'https://img.example.net/vi/abc/hqdefault.jpg';
let tls: ServerProcess;
let plain: ServerProcess;

before(async () => {
  [tls, plain] = await Promise.all([
    startServer({ env: { PUBLIC_URL: 'https://strategist.example.org', VIDEO_THUMBNAIL_URL: THUMBNAIL } }),
    startServer({ env: { PUBLIC_URL: 'http://localhost:3000', VIDEO_THUMBNAIL_URL: THUMBNAIL } }),
  ]);
});

after(async () => {
  await Promise.all([tls?.stop(), plain?.stop()]);
});

function headersOf(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].map(([k, v]) => [k.toLowerCase(), v]));
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Everything the Observatory grades, asserted one header at a time so a failure names the header. */
function assertPosture(h: Record<string, string>, what: string, behindTls: boolean) {
  const csp = h['content-security-policy'];
  assert.ok(csp, `${what}: Content-Security-Policy is set`);
  const d = directives(csp);
  assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/, `${what}: no unsafe CSP source`);
  assert.ok(d.has('default-src'), `${what}: CSP has default-src`);
  assert.deepEqual(
    d.get('frame-ancestors'),
    ["'none'"],
    `${what}: frame-ancestors 'none' (no framing, no clickjacking)`,
  );
  assert.deepEqual(d.get('object-src'), ["'none'"], `${what}: object-src 'none' (no plugins)`);
  assert.ok(["'none'", "'self'"].includes(d.get('base-uri')?.join(' ') ?? ''), `${what}: base-uri locked`);
  assert.deepEqual(d.get('script-src'), ["'self'"], `${what}: scripts only from our origin`);
  assert.deepEqual(d.get('form-action'), ["'self'"], `${what}: forms post only to us`);
  for (const source of [...d.values()].flat())
    assert.ok(!['*', 'http:', 'https:', 'data:'].includes(source), `${what}: no broad source ${source}`);

  if (behindTls) {
    const hsts = h['strict-transport-security'] ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    assert.ok(maxAge >= 15_552_000, `${what}: HSTS for at least six months (${hsts})`);
    assert.match(hsts, /includeSubDomains/i);
  } else {
    assert.equal(h['strict-transport-security'], undefined, `${what}: no HSTS on plain http`);
  }
  assert.equal(h['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  assert.ok(
    ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      h['referrer-policy'] ?? '',
    ),
    `${what}: strict Referrer-Policy`,
  );
  assert.equal(h['x-frame-options'], 'DENY', `${what}: X-Frame-Options for old browsers, as frame-ancestors 'none'`);
  assert.equal(h['cross-origin-opener-policy'], 'same-origin', `${what}: COOP`);
  assert.equal(h['cross-origin-resource-policy'], 'same-origin', `${what}: CORP`);
  assert.ok(['credentialless', 'require-corp'].includes(h['cross-origin-embedder-policy'] ?? ''), `${what}: COEP`);
  assert.equal(h['access-control-allow-origin'], undefined, `${what}: no CORS grant`);
  assert.equal(h['x-powered-by'], undefined, `${what}: no X-Powered-By`);
  assert.equal(h['set-cookie'], undefined, `${what}: no cookies`);
}

describe('security headers on every kind of response', () => {
  for (const [label, get] of [
    ['behind TLS', () => tls],
    ['on plain http', () => plain],
  ] as const) {
    it(`are complete ${label}: page, asset, not-found page, HEAD and a foreign Origin`, async () => {
      const server = get();
      const home = await fetch(`${server.url}/`);
      const html = await home.text();
      const css = /href="(\/assets\/site-[^"]+\.css)"/.exec(html)?.[1];
      assert.ok(css, 'the page links its stylesheet');
      const responses: [string, Response][] = [
        ['GET /', home],
        ['GET stylesheet', await fetch(`${server.url}${css}`)],
        ['GET /robots.txt', await fetch(`${server.url}/robots.txt`)],
        ['GET /missing', await fetch(`${server.url}/missing`)],
        ['HEAD /', await fetch(`${server.url}/`, { method: 'HEAD' })],
        ['GET / from a foreign Origin', await fetch(`${server.url}/`, { headers: { Origin: 'https://evil.example' } })],
      ];
      for (const [what, res] of responses) assertPosture(headersOf(res), `${label} ${what}`, label === 'behind TLS');
    });
  }
});

describe('MDN HTTP Observatory grade', () => {
  it('is A+ (score >= 100) behind TLS', async () => {
    const res = await fetch(`${tls.url}/`, { headers: { Origin: 'https://http-observatory.security.mozilla.org' } });
    const headers = headersOf(res);
    const result = observatoryScore({ url: 'https://strategist.example.org/', headers, html: await res.text() });
    console.log(
      `[observatory] behind TLS: score ${result.score}, grade ${result.grade}; ${result.results.map((r) => `${r.result} ${r.modifier >= 0 ? '+' : ''}${r.modifier}`).join(', ')}`,
    );
    const penalties = result.results.filter((r) => r.modifier < 0);
    assert.deepEqual(penalties, [], 'no test costs points');
    assert.ok(result.score >= 100, `score ${result.score}`);
    assert.equal(result.grade, 'A+');
  });

  it('drops far below A+ on plain http (no HSTS, no redirect), so the deployment must keep the TLS proxy', async () => {
    const res = await fetch(`${plain.url}/`);
    const result = observatoryScore({
      url: 'http://localhost:3000/',
      headers: headersOf(res),
      html: await res.text(),
      redirection: 'redirection-missing',
    });
    console.log(`[observatory] plain http: score ${result.score}, grade ${result.grade}`);
    assert.ok(result.score < 100, 'the scoring is not a constant A+');
    assert.equal(
      result.results.find((r) => r.test === 'strict-transport-security')?.result,
      'hsts-not-implemented-no-https',
    );
  });

  it('grades a site without any security header F, as the Observatory does', () => {
    const bare = observatoryScore({
      url: 'https://bare.example/',
      headers: { 'content-type': 'text/html' },
      html: '<script src="http://cdn.example/x.js"></script>',
    });
    // csp -25, hsts -20, sri -50, nosniff -5, xfo -20 => 100 - 120 => 0
    assert.equal(bare.score, 0);
    assert.equal(bare.grade, 'F');
  });
});
