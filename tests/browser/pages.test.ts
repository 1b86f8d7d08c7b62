/**
 * The pages in a real browser (Debian's Chromium): they render without
 * console errors, fit phone and desktop widths without horizontal scrolling,
 * pass axe-core, and the not-found page logs the attempted path.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { collectConsole, launchBrowser, routeThumbnail, runAxe } from '../support/browser';
import { listen, type Listening } from '../support/listen';
import { createTestSite, type TestSite } from '../support/site';

let browser: Browser;
let server: Listening;
let site: TestSite;

before(async () => {
  site = createTestSite();
  server = await listen(site.listener);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

for (const width of [375, 1440]) {
  describe(`home page at ${width} px`, () => {
    it('renders with no console errors, no horizontal scroll and no axe violations', async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const messages = collectConsole(page);
      await routeThumbnail(page, site.config.profile.videoThumbnailUrl);
      await page.goto(`${server.url}/`, { waitUntil: 'load' });
      // Scroll through so lazy images and the form island load as they would for a reader.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
      });
      await page.waitForLoadState('networkidle');

      const scroll = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      assert.ok(
        scroll.scrollWidth <= scroll.clientWidth,
        `no horizontal scroll (${scroll.scrollWidth} > ${scroll.clientWidth})`,
      );

      const heroHeight = await page.locator('.hero-visual').evaluate((el) => el.getBoundingClientRect().height);
      assert.equal(heroHeight, 600, 'hero image area is 600 px tall');

      await page.locator('#interview img').scrollIntoViewIfNeeded();
      await assert.doesNotReject(
        page.waitForFunction(
          () => {
            const img = document.querySelector<HTMLImageElement>('#interview img');
            return img?.complete && img.naturalWidth > 0;
          },
          undefined,
          { timeout: 5000 },
        ),
        'the video thumbnail loads',
      );

      const violations = await runAxe(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));

      const errors = messages.filter((m) => m.type === 'error' || m.type === 'pageerror');
      assert.deepEqual(errors, [], 'no console errors');
      await page.close();
    });
  });
}

describe('keyboard users', () => {
  it('reach the skip link first and it jumps to the main content', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/`);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      href: document.activeElement?.getAttribute('href'),
    }));
    assert.deepEqual(focused, { text: 'Skip to main content', href: '#main' });
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    assert.equal(outline, 'solid', 'focus is visible');
    await page.close();
  });
});

describe('not-found page in the browser', () => {
  it('shows 404, logs the attempted path to the console and links home', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const messages = collectConsole(page);
    const response = await page.goto(`${server.url}/no/such/page`);
    assert.equal(response?.status(), 404);
    await page.waitForFunction(() => document.readyState === 'complete');
    await assert.doesNotReject(page.getByRole('heading', { name: '404' }).waitFor());
    assert.ok(await page.getByText('Oops! Page not found').isVisible());
    assert.ok(
      messages.some((m) => m.text.includes('/no/such/page')),
      `path logged: ${JSON.stringify(messages)}`,
    );
    assert.deepEqual(await runAxe(page), []);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });
});
