/**
 * Nothing on the home page moves once painted (cumulative layout shift 0), in Chromium at
 * Lighthouse's desktop size with classic scrollbars, whatever arrives late, each case staged
 * deterministically:
 * - the first screen painted while the rest of the HTML is still on its way (as a slow network,
 *   or a parser yield on a busy machine, paints it): the page then outgrows the window and gets
 *   its scrollbar, which must not push the page sideways; and a button painted before its icon,
 *   which must not wrap to another line once the icon comes (with the scrollbar, 0.18 before);
 * - the form island's script and the video thumbnail held back until the visitor is at the form,
 *   then the hydration, a thumbnail of another shape than the page announced, and a toast.
 * Every shift counts, even one right after typing (Lighthouse would forgive those).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { type LeadSite, startLeadSite } from '../support/leadSite';
import { fillLead, gate, sampleLead, submitButton, theToast } from './leadFormHelpers';
import { assertNoShift, holdingProxy, launchWithScrollbars, recordShifts, type Shift } from './layoutShiftHelpers';

const DESKTOP = { width: 1350, height: 940 };
/** A 16:9 stand-in for the video thumbnail, where the page says 480x360 (4:3). */
const WIDE_THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#1b3766"/></svg>';

let browser: Browser;
let site: LeadSite;
before(async () => {
  [browser, site] = await Promise.all([launchWithScrollbars(), startLeadSite({ sms: false, email: false })]);
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** Paints the home page's HTML up to `cut`, then lets the rest come: the shifts seen from the first frame on. */
async function shiftsOfPartialPaint(cut: (html: string) => number): Promise<Shift[]> {
  const proxy = await holdingProxy(site.url, cut);
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await page.route(site.config.profile.videoThumbnailUrl, (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: WIDE_THUMBNAIL }),
    );
    const shifts = await recordShifts(page);
    const loaded = page.goto(`${proxy.url}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 10_000,
    });
    const painted = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, window: innerHeight }));
    assert.ok(
      painted.height <= painted.window,
      `the part painted first is shorter than the window: ${JSON.stringify(painted)}`,
    );
    proxy.release();
    await loaded;
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollHeight > innerHeight * 3),
      'then the whole page came',
    );
    return await shifts();
  } finally {
    proxy.release();
    await context.close();
    await proxy.close();
  }
}

describe('layout shift', () => {
  it('moves nothing when the rest of the page (and so the scrollbar) arrives after the first screen was painted', async () => {
    assertNoShift(await shiftsOfPartialPaint((html) => html.indexOf('<section class="section" id="services"')));
  });

  it("moves nothing when the hero's second button was painted before its icon arrived", async () => {
    const label = 'Book a free call';
    assertNoShift(
      await shiftsOfPartialPaint((html) => html.indexOf(label, html.indexOf('hero-actions')) + label.length),
    );
  });

  it('moves nothing when the form hydrates late, the thumbnail comes in another shape, and a toast shows', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      const [island, thumbnail] = [gate(), gate()];
      await page.route('**/assets/lead-form-*.js', async (route) => {
        await island.wait;
        await route.continue();
      });
      await page.route(site.config.profile.videoThumbnailUrl, async (route) => {
        await thumbnail.wait;
        await route.fulfill({ contentType: 'image/svg+xml', body: WIDE_THUMBNAIL });
      });
      const shifts = await recordShifts(page);
      await page.goto(`${site.url}/`, { waitUntil: 'load' });
      const requested = page.waitForRequest('**/assets/lead-form-*.js');
      await page.evaluate(() => document.getElementById('interview')?.scrollIntoView());
      await page.evaluate(() => document.getElementById('contact')?.scrollIntoView());
      await requested; // the loader asked for the island's script: the visitor is at the form, unhydrated
      const boxes = () =>
        page.evaluate(() =>
          ['#lead-form-island', '.video-card', '.form-privacy', '.site-footer'].map((selector) => {
            const box = document.querySelector(selector)?.getBoundingClientRect();
            return box && [selector, Math.round(box.top + scrollY), Math.round(box.height)];
          }),
        );
      const before = await boxes();

      island.release();
      thumbnail.release();
      await page.locator('#lead-form-island[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.video-card img')?.complete === true);
      await fillLead(page, sampleLead('layout'));
      await submitButton(page).click();
      assert.equal((await theToast(page)).variant, 'success');
      await page.waitForTimeout(400); // the toast's entrance animation (0.28 s) has run

      assert.deepEqual(await boxes(), before, 'the form, the video card and what follows kept their place and size');
      assertNoShift(await shifts());
    } finally {
      await context.close();
    }
  });
});
