/**
 * The strict headers must not break the page: in Chromium, under COOP, COEP
 * and CORP as the real server process sends them, the page is cross-origin
 * isolated and still loads its stylesheet, its scripts and the interview
 * thumbnail from another origin, with no request blocked and no console error.
 * The thumbnail is served twice over: by a real second HTTP server on another
 * port (a different origin, nothing intercepted, so COEP is really applied)
 * and through the shared routeThumbnail stand-in for the video host.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { collectConsole, launchBrowser, routeThumbnail } from '../support/browser';
import { startServer } from '../support/serverProcess';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#335"/></svg>';
let browser: Browser;
let imageHost: Server;
let imageOrigin: string;
let imageRequests = 0;

before(async () => {
  // Deliberately without any CORP/CORS header, like a typical image CDN.
  imageHost = createServer((_req, res) => {
    imageRequests += 1;
    res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(SVG);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => imageHost?.close(resolve));
});

async function loadAndInspect(page: Page, url: string) {
  const failed: string[] = [];
  const statuses: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => statuses.push(`${r.status()} ${r.url()}`));
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('#interview img').scrollIntoViewIfNeeded();
  // Lazy and decoded asynchronously: give it time on a busy machine; a blocked image never completes.
  await page
    .waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('#interview img');
        return img?.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const state = await page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('#interview img');
    const sheet = document.styleSheets[0];
    return {
      isolated: window.crossOriginIsolated,
      imageLoaded: img?.complete && img.naturalWidth > 0,
      cssRules: sheet ? sheet.cssRules.length : 0,
      scripts: [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')),
    };
  });
  return { failed, statuses, ...state };
}

describe('cross-origin isolation headers in Chromium', () => {
  it('isolate the page and still load the thumbnail from another origin, the stylesheet and the scripts', async () => {
    const server = await startServer({ env: { VIDEO_THUMBNAIL_URL: `${imageOrigin}/vi/abc/hqdefault.svg` } });
    const page = await browser.newPage();
    const messages = collectConsole(page);
    try {
      const before = imageRequests;
      const seen = await loadAndInspect(page, `${server.url}/`);
      assert.equal(seen.isolated, true, 'COOP + COEP make the page cross-origin isolated');
      assert.ok(imageRequests > before, 'the thumbnail was fetched from the other origin');
      assert.equal(seen.imageLoaded, true, 'the thumbnail is displayed');
      assert.ok(seen.cssRules > 10, 'the stylesheet is applied');
      assert.ok(seen.scripts.length > 0, 'the page has scripts');
      assert.deepEqual(seen.failed, [], 'no request was blocked');
      const own = seen.statuses.filter((s) => s.includes(server.url));
      assert.ok(
        own.every((s) => /^(200|304) /.test(s)),
        own.join('\n'),
      );
      const errors = messages.filter((m) => m.type === 'error' || m.type === 'pageerror');
      assert.deepEqual(errors, [], 'no console error (a CORP/COEP block would log one)');
    } finally {
      await page.close();
      await server.stop();
    }
  });

  it('load the routed stand-in thumbnail of the video host too', async () => {
    const thumbnail = 'https://i.ytimg.com/vi/abc/hqdefault.jpg';
    const server = await startServer({ env: { VIDEO_THUMBNAIL_URL: thumbnail } });
    const page = await browser.newPage();
    try {
      await routeThumbnail(page, thumbnail);
      const seen = await loadAndInspect(page, `${server.url}/`);
      assert.equal(seen.isolated, true);
      assert.equal(seen.imageLoaded, true, 'the thumbnail is displayed');
      assert.deepEqual(seen.failed, []);
    } finally {
      await page.close();
      await server.stop();
    }
  });
});
