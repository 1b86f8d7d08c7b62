/**
 * Size budgets for a first visit on a phone, deterministic so they
 * run in `npm test`:
 * - the HTML of / fits in one round trip: at most 14 KB compressed, gzip and brotli;
 * - the CSS: at most 10 KB compressed;
 * - the JavaScript that runs before a visitor reaches the form (the home page's
 *   <script src> files and their static imports; not the form bundle, which is
 *   imported dynamically when the form comes into view): at most 2 KB compressed;
 * - at most 5 requests before the page is complete, counted in Chromium with the
 *   page loaded and not scrolled (the video thumbnail is not counted).
 * Sizes are measured on the bytes the app serves. Compressed bodies start with
 * fast settings and get the best compression just after start-up
 * (src/http/precompressed.ts), so both forms are checked against the budget.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { Browser } from 'playwright-core';
import { precompress, type Encoding } from '../../src/http/precompress';
import { launchBrowser, routeThumbnail } from '../support/browser';
import { listen, type Listening } from '../support/listen';
import { createTestSite, type TestSite } from '../support/site';

const KB = 1024;
const BUDGET = { html: 14 * KB, css: 10 * KB, initialJs: 2 * KB, requests: 5 };

let site: TestSite;
let server: Listening;

before(async () => {
  site = createTestSite();
  server = await listen(site.listener);
});

after(async () => {
  await server?.close();
  await site?.close();
});

/** Raw bytes as served (no decoding), over plain node:http. */
function fetchRaw(path: string, encoding: Encoding): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        assert.equal(
          res.headers['content-encoding'],
          encoding === 'identity' ? undefined : encoding,
          `${path} is served with ${encoding}`,
        );
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks),
        });
      });
    });
    req.on('error', reject);
  });
}

/** The larger of the served size and the start-up (fast settings) size of the same body. */
async function worstCompressedSize(path: string, encoding: 'gzip' | 'br'): Promise<number> {
  const served = await fetchRaw(path, encoding);
  assert.equal(served.status, 200, `${path} is served`);
  const plain = await fetchRaw(path, 'identity');
  const atStartUp = precompress(plain.body, plain.type).bodies[encoding] as Buffer;
  return Math.max(served.body.length, atStartUp.length);
}

const fmt = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes (${(bytes / KB).toFixed(2)} KB)`;

/** Fails with the budget and the measured size; on success the figure is reported as a test diagnostic. */
function assertBudget(t: TestContext, what: string, measured: number, budget: number) {
  assert.ok(measured <= budget, `${what}: budget ${fmt(budget)}, measured ${fmt(measured)}`);
  t.diagnostic(`${what}: ${fmt(measured)} of ${fmt(budget)}`);
}

async function homeHtml(): Promise<string> {
  return (await fetchRaw('/', 'identity')).body.toString('utf8');
}

/** The home page's script files and everything they import statically (dynamic import() is left out). */
async function initialScripts(): Promise<string[]> {
  const html = await homeHtml();
  const queue = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < 50) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const source = (await fetchRaw(path, 'identity')).body.toString('utf8');
    // esbuild's ESM output: `import"./x.js"`, `import{a}from"./x.js"`, `export{b}from"./x.js"`; not `import("./x.js")`.
    for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      queue.push(new URL(m[1]!, `http://x${path}`).pathname);
    }
  }
  return [...seen];
}

describe('size budgets of the first visit', () => {
  for (const encoding of ['gzip', 'br'] as const) {
    it(`HTML of / is at most 14 KB with ${encoding}`, async (t) => {
      assertBudget(t, `HTML of / (${encoding})`, await worstCompressedSize('/', encoding), BUDGET.html);
    });

    it(`CSS is at most 10 KB with ${encoding}`, async (t) => {
      const html = await homeHtml();
      const sheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
      assert.ok(sheets.length > 0, 'the home page links a stylesheet');
      let total = 0;
      for (const sheet of sheets) total += await worstCompressedSize(sheet, encoding);
      assertBudget(t, `CSS (${sheets.join(', ')}, ${encoding})`, total, BUDGET.css);
    });

    it(`JavaScript before the form is at most 2 KB with ${encoding}`, async (t) => {
      const scripts = await initialScripts();
      assert.ok(
        !scripts.some((s) => s.includes('lead-form')),
        `the React form bundle must not load up front; initial scripts: ${scripts.join(', ')}`,
      );
      let total = 0;
      for (const script of scripts) total += await worstCompressedSize(script, encoding);
      assertBudget(
        t,
        `JavaScript before the form (${scripts.join(', ') || 'none'}, ${encoding})`,
        total,
        BUDGET.initialJs,
      );
    });
  }
});

describe('requests before the page is complete', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const [device, viewport] of [
    ['phone', { width: 375, height: 667 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    it(`at most 5 on a ${device} (${viewport.width} px), page loaded, not scrolled`, async (t) => {
      const page = await browser.newPage({ viewport });
      try {
        const thumbnail = site.config.profile.videoThumbnailUrl;
        await routeThumbnail(page, thumbnail);
        const requests: string[] = [];
        page.on('request', (r) => {
          if (r.url() !== thumbnail) requests.push(r.url().replace(server.url, ''));
        });
        await page.goto(`${server.url}/`, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle', { timeout: 10_000 });
        assert.ok(
          requests.length <= BUDGET.requests,
          `requests before the page is complete: budget ${BUDGET.requests}, measured ${requests.length} (${requests.join(', ')})`,
        );
        assert.ok(
          !requests.some((r) => r.includes('lead-form')),
          `the form bundle loads only near the form: ${requests.join(', ')}`,
        );
        t.diagnostic(`${requests.length} requests of ${BUDGET.requests}: ${requests.join(', ')}`);
      } finally {
        await page.close();
      }
    });
  }
});
