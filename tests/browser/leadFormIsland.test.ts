/**
 * Island loading and the form's hidden parts: the home page runs
 * only the tiny loader up front; the React form bundle is fetched when the
 * form approaches the viewport or a field gets focus, hydrates without a
 * warning and keeps anything typed before it arrived. The honeypot is out of
 * reach for keyboards and screen readers, and a bot filling it is answered
 * with a success while its lead is kept as spam and nothing is sent.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { assetsDir } from '../../src/lib/paths';
import { LEAD_PATH } from '../support/leadSite';
import { FORM_TEXT } from '../support/visitorText';
import {
  fieldValues,
  fillLead,
  gate,
  hydrateForm,
  openHome,
  problems,
  sampleLead,
  sharedBrowserAndSite,
  submitButton,
  theToast,
} from './leadFormHelpers';

const LOADER_BUDGET = 2048;
const isFormBundle = (path: string) => /^\/assets\/lead-form-[A-Z0-9]+\.js$/.test(path);
const isLoader = (path: string) => /^\/assets\/island-loader-[A-Z0-9]+\.js$/.test(path);

const shared = sharedBrowserAndSite();

const open = (width = 1280) =>
  openHome(shared.browser, shared.site.url, shared.site.config.profile.videoThumbnailUrl, { width });
const hydrated = (page: import('playwright-core').Page) =>
  page.locator('#lead-form-island').getAttribute('data-hydrated');

test('the home page loads only the island loader; the form bundle follows when the form approaches the viewport', async () => {
  const { page, requests, console, context } = await open();
  await page.waitForTimeout(500);
  const scripts = requests.filter((path) => path.endsWith('.js'));
  assert.equal(scripts.length, 1, `scripts loaded up front: ${scripts.join(', ')}`);
  assert.ok(isLoader(scripts[0] ?? ''));
  assert.equal(await hydrated(page), null, 'not hydrated at the top of the page');

  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.locator('#lead-form-island[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
  assert.equal(requests.filter(isFormBundle).length, 1, 'the form bundle, once');
  assert.deepEqual(problems(console), [], 'no hydration warning or error');
  await context.close();
});

test('focusing a field loads the form bundle even without scrolling (keyboard users, in-page links)', async () => {
  const { page, requests, context } = await open();
  await page.evaluate(() => document.getElementById('lead-name')?.focus({ preventScroll: true }));
  await page.locator('#lead-form-island[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll: focus alone triggered the load');
  assert.equal(requests.filter(isFormBundle).length, 1);
  await context.close();
});

test('text typed before the bundle arrives survives hydration, and the hydrated form then submits with fetch', async () => {
  const { page, console, context } = await open();
  const held = gate();
  await page.route(/\/assets\/lead-form-[A-Z0-9]+\.js$/, async (route) => {
    await held.wait;
    await route.continue();
  });
  const lead = sampleLead('typed-early');
  await page.evaluate(() => document.getElementById('lead-name')?.focus({ preventScroll: true }));
  await fillLead(page, lead);
  assert.equal(await hydrated(page), null, 'still the plain HTML form');

  held.release();
  await page.locator('#lead-form-island[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
  assert.deepEqual(await fieldValues(page), lead);
  const url = page.url();
  await submitButton(page).click();
  assert.equal((await theToast(page)).title, FORM_TEXT.thankYouTitle);
  assert.equal(page.url(), url, 'no navigation: the answer came as a toast');
  assert.deepEqual(problems(console), []);
  await context.close();
});

test('before hydration the form is a plain HTML form posting to the endpoint', async () => {
  const { page, context } = await open();
  const form = page.locator('#lead-form-island form');
  assert.equal(await form.getAttribute('method'), 'post');
  assert.equal(await form.getAttribute('action'), LEAD_PATH);
  assert.equal(
    await page.locator('#lead-form-island [style], #lead-form-island script').count(),
    0,
    'no inline style or script',
  );
  await context.close();
});

test(`the loader is at most ${LOADER_BUDGET} bytes compressed, and every chunk it imports is served`, async () => {
  const manifest = JSON.parse(readFileSync(join(assetsDir, 'manifest.json'), 'utf8')) as {
    entries: Record<string, string>;
    files: string[];
  };
  const loader = readFileSync(join(assetsDir, manifest.entries['island-loader.js'] ?? ''));
  const sizes = { gzip: gzipSync(loader, { level: 9 }).length, brotli: brotliCompressSync(loader).length };
  assert.ok(sizes.gzip <= LOADER_BUDGET, `loader gzip ${sizes.gzip} B > budget ${LOADER_BUDGET} B`);
  for (const file of manifest.files.filter((f) => f.endsWith('.js'))) {
    const response = await fetch(`${shared.site.url}/assets/${file}`);
    assert.equal(response.status, 200, `${file} is served`);
  }
});

test('the honeypot is invisible, not reachable with Tab, and not in the accessibility tree', async () => {
  const { page, context } = await open();
  await hydrateForm(page);
  const box = await page.locator('#lead-website').boundingBox();
  assert.ok(box && box.x + box.width <= 0, 'rendered off-screen');

  await page.getByLabel('Name *').focus();
  const order: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || ''));
  }
  assert.deepEqual(order, ['lead-company', 'lead-email', 'Schedule Free Call']);

  const form = page.locator('#lead-form-island form');
  assert.equal(await form.getByRole('textbox').count(), 3);
  assert.doesNotMatch(await form.ariaSnapshot(), /website/i);
  const cdp = await context.newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; name?: { value?: string } }[];
  };
  assert.equal(nodes.filter((n) => !n.ignored && /website/i.test(String(n.name?.value ?? ''))).length, 0);
  await context.close();
});

test('a bot filling the honeypot gets the normal success toast; its lead is kept as spam and nothing is sent', async () => {
  const { page, context } = await open();
  await hydrateForm(page);
  const stored = shared.site.rows().length;
  const sms = shared.site.twilio.messages.length;
  await fillLead(page, sampleLead('bot'));
  await page.locator('#lead-website').evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'));
  await submitButton(page).click();
  assert.equal((await theToast(page)).title, FORM_TEXT.thankYouTitle);
  const added = shared.site.rows().slice(stored);
  assert.deepEqual(
    added.map((r) => [r.verdict, r.verdict_reasons, r.sms_status, r.email_status]),
    [['spam', 'honeypot', null, null]],
  );
  assert.equal(shared.site.twilio.messages.length, sms);
  await context.close();
});
