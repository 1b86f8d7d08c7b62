/**
 * The toasts: announced through a live region that is already in the server
 * HTML, dismissable with a named close button (mouse and keyboard), gone by
 * themselves after a few seconds unless the pointer rests on them, styled as
 * destructive for errors, and free of axe-core violations while visible.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { runAxe } from '../support/browser';
import { LEAD_PATH } from '../support/leadSite';
import { FORM_TEXT } from '../support/visitorText';
import {
  fillLead,
  hydrateForm,
  openHome,
  sampleLead,
  sharedBrowserAndSite,
  submitButton,
  theToast,
} from './leadFormHelpers';

const shared = sharedBrowserAndSite();
let serial = 0;

async function pageWithToast(outcome: 'success' | 'error' = 'success', width = 1280): Promise<Page> {
  const { page } = await openHome(shared.browser, shared.site.url, shared.site.config.profile.videoThumbnailUrl, {
    width,
  });
  await hydrateForm(page);
  if (outcome === 'error') await page.route(`**${LEAD_PATH}`, (route) => route.abort('connectionrefused'));
  await fillLead(page, sampleLead(`toast-${(serial += 1)}`));
  await submitButton(page).click();
  await theToast(page);
  return page;
}

test('the live region is in the server HTML, empty, and each toast is announced inside it', async () => {
  const html = await (await fetch(`${shared.site.url}/`)).text();
  const island = html.slice(html.indexOf('id="lead-form-island"'));
  assert.match(
    island,
    /<div class="toast-viewport" aria-live="polite"[^>]*><ol class="toast-list" aria-label="Notifications"><\/ol><\/div>/,
  );

  const page = await pageWithToast('success');
  const inRegion = await page.evaluate(() => {
    const toast = document.querySelector('.toast');
    return toast?.closest('[aria-live]')?.getAttribute('aria-live') ?? null;
  });
  assert.equal(inRegion, 'polite');
  await page.context().close();
});

test('the close button has an accessible name and removes the toast; from the keyboard, focus returns to the form', async () => {
  const page = await pageWithToast('success');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await page.locator('.toast').waitFor({ state: 'detached', timeout: 2_000 });

  await fillLead(page, sampleLead(`toast-${(serial += 1)}`));
  await submitButton(page).click();
  await theToast(page);
  await page.getByRole('button', { name: 'Dismiss notification' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.toast').waitFor({ state: 'detached', timeout: 2_000 });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Schedule Free Call');
  await page.context().close();
});

test('a toast leaves by itself after a few seconds', async () => {
  const page = await pageWithToast('error');
  await page.mouse.move(0, 0);
  await page.waitForTimeout(3_000);
  assert.equal(await page.locator('.toast').count(), 1, 'still there after 3 s');
  await page.locator('.toast').waitFor({ state: 'detached', timeout: 6_000 });
  await page.context().close();
});

test('a toast stays while the pointer rests on it, and leaves once the pointer moves away', async () => {
  const page = await pageWithToast('success');
  await page.locator('.toast').hover();
  await page.waitForTimeout(7_500);
  assert.equal(await page.locator('.toast').count(), 1, 'kept while hovered');
  await page.mouse.move(0, 0);
  await page.locator('.toast').waitFor({ state: 'detached', timeout: 8_000 });
  await page.context().close();
});

test('error toasts are destructive (red ground, white text); success toasts are not', async () => {
  const error = await pageWithToast('error');
  const toast = await theToast(error);
  assert.deepEqual(toast, {
    title: FORM_TEXT.errorTitle,
    description: FORM_TEXT.transportError,
    variant: 'destructive',
  });
  const colours = await error
    .locator('.toast')
    .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
  assert.deepEqual(colours, ['rgb(180, 35, 24)', 'rgb(255, 255, 255)']);
  assert.equal(await error.locator('[style]').count(), 0, 'no inline style anywhere: the CSP forbids them');
  await error.context().close();

  const success = await pageWithToast('success');
  assert.equal((await theToast(success)).variant, 'success');
  await success.context().close();
});

for (const [outcome, width] of [
  ['success', 360],
  ['error', 360],
  ['success', 1440],
  ['error', 1440],
] as const) {
  test(`axe-core finds no violation with a ${outcome} toast visible at ${width} px, and nothing scrolls sideways`, async () => {
    const page = await pageWithToast(outcome, width);
    const violations = await runAxe(page);
    assert.deepEqual(violations, []);
    // The page is no wider than the window's room for it (the window less a scrollbar's gutter, where
    // the browser shows classic scrollbars): nothing to scroll sideways.
    const room = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    assert.ok(room.client > width - 20 && room.client <= width, `the page has ${room.client} of ${width} px`);
    assert.ok(room.scroll <= room.client, `nothing scrolls sideways: ${room.scroll} px of content in ${room.client}`);
    await page.context().close();
  });
}
