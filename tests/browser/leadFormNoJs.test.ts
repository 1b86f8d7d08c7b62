/**
 * The form without JavaScript: a plain HTML post to the real endpoint, which
 * answers with a page showing the same outcome as the toast would, and on
 * failure the form again with the typed values kept. Also run with
 * JavaScript on but the form bundle blocked (a slow or failed download),
 * where axe-core checks the answer page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { runAxe } from '../support/browser';
import { LEAD_PATH } from '../support/leadSite';
import { FORM_TEXT } from '../support/visitorText';
import { fieldValues, fillLead, openHome, sampleLead, sharedBrowserAndSite, type LeadValues } from './leadFormHelpers';

const shared = sharedBrowserAndSite();

async function postWithoutScripts(values: LeadValues, javaScriptEnabled = false): Promise<Page> {
  const { page } = await openHome(shared.browser, shared.site.url, shared.site.config.profile.videoThumbnailUrl, {
    javaScriptEnabled,
  });
  // With scripts on, keep the form bundle away so the form stays plain HTML.
  if (javaScriptEnabled) await page.route(/\/assets\/lead-form-[A-Z0-9]+\.js$/, (route) => route.abort('failed'));
  await fillLead(page, values);
  await Promise.all([
    page.waitForURL(`**${LEAD_PATH}`),
    page.getByRole('button', { name: FORM_TEXT.submitIdle }).click(),
  ]);
  return page;
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? '').trim();

test('success: the answer page shows the thank-you title and message, and the lead is stored and alerted', async () => {
  await shared.site.twilio.setMode('up');
  const lead = sampleLead('nojs-ok');
  const page = await postWithoutScripts(lead);
  assert.equal(await text(page, 'h1'), FORM_TEXT.thankYouTitle);
  assert.equal(await text(page, '.lead-result-message'), FORM_TEXT.thankYou);
  assert.equal(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href'), '/');
  assert.equal(await page.locator('form').count(), 0, 'no form on success');
  assert.ok(shared.site.rows().some((row) => row.email === lead.email));
  assert.ok(shared.site.twilio.messages.some((m) => m.body.includes(lead.name)));
  await page.context().close();
});

test("success with a failing SMS: the answer page shows the 'SMS may have failed' message", async () => {
  await shared.site.twilio.setMode('fail500');
  try {
    const page = await postWithoutScripts(sampleLead('nojs-sms-failed'));
    assert.equal(await text(page, 'h1'), FORM_TEXT.thankYouTitle);
    assert.equal(await text(page, '.lead-result-message'), FORM_TEXT.savedSmsMayHaveFailed);
    await page.context().close();
  } finally {
    await shared.site.twilio.setMode('up');
  }
});

test("failure: the server's error, then the form again with every typed value kept, resubmittable", async () => {
  const lead = { ...sampleLead('nojs-fail'), name: `"<b>Ada</b>" ${'N'.repeat(200)}` };
  const stored = shared.site.rows().length;
  const page = await postWithoutScripts(lead);
  assert.equal(await text(page, 'h1'), FORM_TEXT.errorTitle);
  assert.equal(
    await text(page, '.lead-result-message'),
    'Name must be at most 200 characters.',
    "the server's own error text",
  );
  assert.deepEqual(await fieldValues(page), lead, 'typed values kept (and escaped: the markup came back as text)');
  assert.equal(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href'), '/');
  assert.equal(shared.site.rows().length, stored, 'nothing stored');

  // Correct the name and send again from the answer page.
  await page.getByLabel('Name *').fill('Ada Lovelace nojs-fixed');
  await Promise.all([
    page.waitForURL(`**${LEAD_PATH}`),
    page.getByRole('button', { name: FORM_TEXT.submitIdle }).click(),
  ]);
  assert.equal(await text(page, 'h1'), FORM_TEXT.thankYouTitle);
  await page.context().close();
});

test('native validation still guards the plain form: an empty form is not sent', async () => {
  const { page } = await openHome(shared.browser, shared.site.url, shared.site.config.profile.videoThumbnailUrl, {
    javaScriptEnabled: false,
  });
  const stored = shared.site.rows().length;
  await page.getByRole('button', { name: FORM_TEXT.submitIdle }).click();
  await page.waitForTimeout(300);
  assert.equal(new URL(page.url()).pathname, '/');
  assert.equal(shared.site.rows().length, stored);
  await page.context().close();
});

test('the answer pages have no inline styles and no axe-core violations (JavaScript on, form bundle blocked)', async () => {
  const failure = await postWithoutScripts({ ...sampleLead('nojs-axe'), name: 'N'.repeat(201) }, true);
  assert.equal(await failure.locator('[style]').count(), 0);
  assert.deepEqual(await runAxe(failure), []);
  await failure.context().close();

  const success = await postWithoutScripts(sampleLead('nojs-axe-ok'), true);
  assert.equal(await text(success, 'h1'), FORM_TEXT.thankYouTitle);
  assert.deepEqual(await runAxe(success), []);
  await success.context().close();
});
