/**
 * The lead form in Chromium against the real server and endpoint (real
 * SQLite, the real twilio client pointed at the fake Twilio): every kind of
 * failure a visitor can meet with its exact toast, the button's two states,
 * and fields cleared on success and kept on every failure. Failures the real
 * server cannot produce on demand (a network failure, a broken answer, a
 * failure without error text) are staged with Playwright's page.route.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { LEAD_PATH, startLeadSite } from '../support/leadSite';
import { SERVER_ERRORS, FORM_TEXT } from '../support/visitorText';
import {
  emptyLead,
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
  type LeadValues,
  type OpenedPage,
} from './leadFormHelpers';

const shared = sharedBrowserAndSite();
/** The pages the current test opened. */
let opened: OpenedPage[] = [];

// After each test, whatever it checked: its pages logged no console error or warning (React's
// hydration mismatches among them). A failing hook fails the test it ran after.
afterEach(async () => {
  const visits = opened;
  opened = [];
  await Promise.all(visits.map((visit) => visit.context.close()));
  for (const visit of visits) {
    // The staged network failures log the failed request itself; that is the browser reporting the test's own staging.
    const found = problems(visit.console).filter((m) => !/Failed to load resource/.test(m.text));
    assert.deepEqual(found, [], 'no console error or warning');
  }
});

async function formPage(): Promise<Page> {
  const visit = await openHome(shared.browser, shared.site.url, shared.site.config.profile.videoThumbnailUrl);
  opened.push(visit);
  await hydrateForm(visit.page);
  return visit.page;
}

async function submit(page: Page, values: LeadValues) {
  await fillLead(page, values);
  await submitButton(page).click();
  return theToast(page);
}

describe('the error catalogue, row by row', () => {
  test('success with notificationResult (fake Twilio accepts the SMS): thank-you toast, fields cleared', async () => {
    await shared.site.twilio.setMode('up');
    const page = await formPage();
    const lead = sampleLead('sms-ok');
    const sent = page.waitForRequest((r) => r.url().endsWith(LEAD_PATH));
    const toast = await submit(page, lead);
    assert.deepEqual(toast, { title: FORM_TEXT.thankYouTitle, description: FORM_TEXT.thankYou, variant: 'success' });
    assert.deepEqual(await fieldValues(page), emptyLead);
    const request = await sent;
    assert.equal(request.headers()['content-type'], 'application/json');
    // With grading off (this site) the form solves no challenge: the body is exactly what was typed.
    // proofOfWork.test.ts and gradedVisit.test.ts check the body with grading on.
    assert.deepEqual(request.postDataJSON(), lead, 'the body is exactly {name, company, email}');
    assert.ok(
      shared.site.rows().some((row) => row.email === lead.email),
      'the lead is stored',
    );
    assert.ok(
      shared.site.twilio.messages.some((m) => m.body.includes(lead.name)),
      'the SMS reached the fake Twilio',
    );
  });

  for (const mode of ['fail500', 'hang'] as const) {
    test(`success without notificationResult (fake Twilio ${mode}): 'SMS may have failed' toast, fields cleared`, async () => {
      await shared.site.twilio.setMode(mode);
      try {
        const page = await formPage();
        const lead = sampleLead(`sms-${mode}`);
        const toast = await submit(page, lead);
        assert.deepEqual(toast, {
          title: FORM_TEXT.thankYouTitle,
          description: FORM_TEXT.savedSmsMayHaveFailed,
          variant: 'success',
        });
        assert.deepEqual(await fieldValues(page), emptyLead);
        assert.ok(
          shared.site.rows().some((row) => row.email === lead.email),
          'the lead is stored all the same',
        );
      } finally {
        await shared.site.twilio.setMode('up');
      }
    });
  }

  test("response without success: the server's error text (a name over the server's bound), fields kept", async () => {
    const page = await formPage();
    const lead = { ...sampleLead('too-long'), name: 'N'.repeat(201) };
    const stored = shared.site.rows().length;
    const answered = page.waitForResponse((r) => r.url().endsWith(LEAD_PATH));
    const toast = await submit(page, lead);
    assert.deepEqual(await (await answered).json(), { success: false, error: 'Name must be at most 200 characters.' });
    assert.deepEqual(toast, {
      title: FORM_TEXT.errorTitle,
      description: 'Name must be at most 200 characters.',
      variant: 'destructive',
    });
    assert.deepEqual(await fieldValues(page), lead);
    assert.equal(shared.site.rows().length, stored, 'nothing stored');
  });

  test("response without success: the rate limit's error text (429 from a server allowing one lead), fields kept", async () => {
    const limited = await startLeadSite({ env: { LEAD_RATE_LIMIT: '1' } });
    try {
      const visit = await openHome(shared.browser, limited.url, limited.config.profile.videoThumbnailUrl);
      opened.push(visit);
      const { page } = visit;
      await hydrateForm(page);
      assert.equal((await submit(page, sampleLead('limit-first'))).title, FORM_TEXT.thankYouTitle);
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
      const lead = sampleLead('limit-second');
      const answered = page.waitForResponse((r) => r.url().endsWith(LEAD_PATH));
      const toast = await submit(page, lead);
      const response = await answered;
      assert.equal(response.status(), 429);
      // The default window, LEAD_RATE_WINDOW_MS, is ten minutes.
      assert.deepEqual(toast, {
        title: FORM_TEXT.errorTitle,
        description: SERVER_ERRORS.rateLimitedTenMinutes,
        variant: 'destructive',
      });
      assert.deepEqual(await fieldValues(page), lead);
    } finally {
      await limited.close();
    }
  });

  // Failures the real server cannot produce on demand, staged in the browser: [failure, staged answer, toast text].
  const staged: [string, (route: Route) => Promise<void>, string][] = [
    [
      'response without success and without error text (a 500 with {"success":false}): the fallback message',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
      FORM_TEXT.unexpectedError,
    ],
    [
      'transport error (the connection fails): the transport message',
      (route) => route.abort('connectionrefused'),
      FORM_TEXT.transportError,
    ],
    [
      'invocation error (a proxy answers 502 with an HTML page): the transport message',
      (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
      FORM_TEXT.transportError,
    ],
    [
      'thrown exception (a 200 answer that is not JSON): the unexpected-error message',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":tru' }),
      FORM_TEXT.unexpectedError,
    ],
  ];
  for (const [i, [row, answer, description]] of staged.entries()) {
    test(`${row}, destructive toast, fields kept`, async () => {
      const page = await formPage();
      await page.route(`**${LEAD_PATH}`, answer);
      const lead = sampleLead(`staged-${i}`);
      assert.deepEqual(await submit(page, lead), { title: FORM_TEXT.errorTitle, description, variant: 'destructive' });
      assert.deepEqual(await fieldValues(page), lead);
    });
  }
});

describe('the submit button', () => {
  test("is disabled and reads 'Scheduling...' while the request is in flight, then returns to idle", async () => {
    const page = await formPage();
    const held = gate();
    let requests = 0;
    // Hold the request in the browser, then pass it on to the real endpoint.
    await page.route(`**${LEAD_PATH}`, async (route) => {
      requests += 1;
      await held.wait;
      await route.continue();
    });
    const button = submitButton(page);
    assert.equal(await button.textContent(), FORM_TEXT.submitIdle);
    assert.equal(await button.isEnabled(), true);

    await fillLead(page, sampleLead('in-flight'));
    await button.click();
    await page.waitForFunction(
      () => document.querySelector('#lead-form-island button[type="submit"]')?.textContent === 'Scheduling...',
    );
    assert.equal(await button.textContent(), FORM_TEXT.submitBusy);
    assert.equal(await button.isDisabled(), true);
    await page.getByLabel('Email *').press('Enter'); // a second submission attempt while busy
    assert.equal(await page.locator('.toast').count(), 0, 'no outcome before the answer');

    held.release();
    assert.equal((await theToast(page)).title, FORM_TEXT.thankYouTitle);
    assert.equal(await button.textContent(), FORM_TEXT.submitIdle);
    assert.equal(await button.isEnabled(), true);
    assert.equal(requests, 1, 'the busy form sent nothing more');
  });

  test('returns to idle after a failure too', async () => {
    const page = await formPage();
    await page.route(`**${LEAD_PATH}`, (route) => route.abort('failed'));
    await submit(page, sampleLead('idle-after-failure'));
    assert.equal(await submitButton(page).textContent(), FORM_TEXT.submitIdle);
    assert.equal(await submitButton(page).isEnabled(), true);
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      FORM_TEXT.submitIdle,
      'keyboard focus is back on the button',
    );
  });
});
