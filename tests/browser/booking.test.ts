/**
 * Booking in Chromium, as a visitor does it: the form's answer opens a panel of free times in the browser's own
 * time zone (Asia/Kolkata, UTC+5:30; America/Sao_Paulo, UTC-3), a time picked is confirmed on the booking page and
 * booked, a second send of the form names the call the person has, and the call is moved and cancelled with the
 * address typed again; the booking pages in every language (free times, a confirmation, a booked call, a move's
 * confirmation) are axe-clean at 375 and 1440 px and make no request to anyone but the site. The times shown are worked out here from the slots with the zone's own offset.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { collectConsole, launchBrowser, routeThumbnail, runAxe } from '../support/browser';
import { pathOf, setAvailability } from '../support/booking';
import { type LeadSite, startLeadSite } from '../support/leadSite';
import { fillLead, hydrateForm, submitButton, theToast } from './leadFormHelpers';

let browser: Browser;
let site: LeadSite;
before(async () => {
  [browser, site] = await Promise.all([
    launchBrowser(),
    // Many posts from one address (leads, bookings, refusals): the rate limit is tested on its own elsewhere.
    startLeadSite({ env: { OWNER_TIME_ZONE: 'America/Sao_Paulo', LEAD_RATE_LIMIT: '1000' } }),
  ]);
  setAvailability(site, { enabled: 'true', hours: 'mon-sun 08:00-20:00', 'meeting-url': 'https://meet.example.com/a' });
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const OFFSETS = { 'Asia/Kolkata': 5.5 * 3_600_000, 'America/Sao_Paulo': -3 * 3_600_000 } as const;
/** "16:30": a UTC time on the wall clock of a zone with a fixed offset. */
const wall = (iso: string, zone: keyof typeof OFFSETS) =>
  new Date(Date.parse(iso) + OFFSETS[zone]).toISOString().slice(11, 16);

for (const zone of Object.keys(OFFSETS) as (keyof typeof OFFSETS)[]) {
  describe(`a visitor in ${zone}`, () => {
    it('picks a time from the panel under the form, in their own time zone, and books it', async () => {
      const context = await browser.newContext({ timezoneId: zone, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await routeThumbnail(page, site.config.profile.videoThumbnailUrl);
      const console = collectConsole(page);
      // From the lead on: the page itself loads the video's thumbnail, which this test routes.
      const origins = new Set<string>();
      let counting = false;
      page.on('request', (request) => counting && origins.add(new URL(request.url()).origin));
      try {
        await page.goto(`${site.url}/`);
        await hydrateForm(page);
        const email = `visitor.${zone.split('/')[1]?.toLowerCase()}@example.org`;
        await fillLead(page, { name: 'Priya Rao', company: 'Rao Labs', email });
        counting = true;
        await submitButton(page).click();
        assert.equal((await theToast(page)).title, 'Thank you for your interest!');

        const panel = page.getByRole('region', { name: 'Pick a time for the call' });
        await panel.getByText(`Times in ${zone.replace('_', ' ')}.`).waitFor();
        const first = panel.locator('a.booking-slot').first();
        const href = (await first.getAttribute('href')) ?? '';
        const slot = new URL(href, site.url).searchParams.get('slot') ?? '';
        assert.equal(await first.textContent(), wall(slot, zone));

        await first.click();
        await page.getByRole('heading', { name: 'Confirm your call' }).waitFor();
        assert.match(
          (await page.locator('.booking-when').textContent()) ?? '',
          new RegExp(`${wall(slot, zone)} \\(${zone.replace('_', ' ')}\\)`),
        );
        await page.getByRole('button', { name: 'Book this time' }).click();
        await page.getByRole('heading', { name: 'Your call is booked' }).waitFor();
        const lead = site.rows().find((row) => row.email === email);
        assert.equal(site.services.bookings.ofLead(lead?.id ?? 0)?.starts_at, slot);
        assert.deepEqual([...origins], [site.url], 'no request to anyone but the site');

        // The same person sends the form again: the panel names the call they have, which a time picked moves.
        await page.goto(`${site.url}/`);
        await hydrateForm(page);
        await fillLead(page, { name: 'Priya Rao', company: 'Rao Labs, a second question', email });
        await submitButton(page).click();
        assert.equal((await theToast(page)).title, 'Thank you for your interest!');
        const again = page.getByRole('region', { name: 'Pick a time for the call' }).locator('.booking-panel-booked');
        await again.waitFor();
        assert.match(
          (await again.textContent()) ?? '',
          new RegExp(
            `^You already have a call booked: .*${wall(slot, zone)} \\(${zone.replace('_', ' ')}\\)\\. To move it, pick another time below\\.$`,
          ),
        );

        // (The wrong address below is answered 403, which the console reports.)
        assert.deepEqual(
          console.filter((m) => m.type === 'error'),
          [],
        );
        // Moving it asks for the address the form was sent with: the browser will not send the form without it.
        const other = page.getByRole('region', { name: 'Pick a time for the call' }).locator('a.booking-slot').nth(2);
        const later = new URL((await other.getAttribute('href')) ?? '', site.url).searchParams.get('slot') ?? '';
        await other.click();
        await page.getByRole('heading', { name: 'Confirm your call' }).waitFor();
        const address = page.getByLabel('Your e-mail address');
        await page.getByRole('button', { name: 'Book this time' }).click();
        assert.equal(await address.evaluate((input: HTMLInputElement) => input.validity.valueMissing), true);
        await address.fill('someone.else@example.org');
        await page.getByRole('button', { name: 'Book this time' }).click();
        await page.getByRole('heading', { name: 'This is not the address of the call' }).waitFor();
        assert.equal(site.services.bookings.ofLead(lead?.id ?? 0)?.starts_at, slot, 'not moved');
        await page.getByLabel('Your e-mail address').fill(email.toUpperCase());
        await page.getByRole('button', { name: 'Book this time' }).click();
        await page.getByRole('heading', { name: 'Your call is moved' }).waitFor();
        assert.equal(site.services.bookings.callOf(lead?.id ?? 0)?.starts_at, later);
        // And cancelling it, the same way.
        await page.getByLabel('Your e-mail address').fill(email);
        await page.getByRole('button', { name: 'Cancel the call' }).click();
        await page.getByRole('heading', { name: 'Your call is cancelled' }).waitFor();
        assert.equal(site.services.bookings.callOf(lead?.id ?? 0), undefined);
      } finally {
        await context.close();
      }
    });
  });
}

describe('a person whose call starts within 2 hours', () => {
  it('is told, on sending the form again, that the call can no longer change here, over no times', async () => {
    const email = 'soon@example.org';
    const path = pathOf(String((await site.post({ name: 'Sol', company: 'Soon Co', email })).json.bookingUrl));
    const times = (await (await fetch(`${site.url}${path}`, { headers: { Accept: 'application/json' } })).json()) as {
      slots: string[];
    };
    const booked = await fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.url },
      body: new URLSearchParams({ action: 'book', slot: times.slots[0] ?? '', zone: 'UTC' }),
    });
    assert.equal(booked.status, 200);
    // The call's time comes: it now starts in an hour.
    const start = Date.now() + 3_600_000;
    site.services.db
      .prepare('UPDATE bookings SET starts_at = ?, ends_at = ? WHERE starts_at = ?')
      .run(new Date(start).toISOString(), new Date(start + 1_800_000).toISOString(), times.slots[0]);

    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    await routeThumbnail(page, site.config.profile.videoThumbnailUrl);
    try {
      await page.goto(`${site.url}/`);
      await hydrateForm(page);
      await fillLead(page, { name: 'Sol', company: 'Soon Co, one more thing', email });
      await submitButton(page).click();
      assert.equal((await theToast(page)).title, 'Thank you for your interest!');
      const panel = page.getByRole('region', { name: 'Pick a time for the call' });
      await panel.locator('.booking-panel-booked').waitFor();
      assert.match(
        (await panel.locator('.booking-panel-booked').textContent()) ?? '',
        /^You already have a call booked: .+\. It starts in less than 2 hours, so it can no longer be changed here: reply to the invitation instead\.$/,
      );
      assert.equal(await panel.locator('a.booking-slot').count(), 0, 'no time to move it to');
      assert.equal(await panel.getByText('No time is free').count(), 0, 'and no word of free times');
    } finally {
      await context.close();
    }
  });
});

describe('the booking page', () => {
  for (const language of ['en', 'pt-BR', 'es'] as const)
    for (const width of [375, 1440])
      it(`is axe-clean in ${language} at ${width} px`, async () => {
        const answer = await site.post({
          name: 'Ana',
          company: 'Co',
          email: `ana.${language}.${width}@example.org`,
          ...(language === 'en' ? {} : { language }),
        });
        const path = pathOf(String(answer.json.bookingUrl));
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        try {
          const overflow = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          await page.goto(`${site.url}${path}?zone=Asia/Kolkata`);
          assert.deepEqual(await runAxe(page), []);
          // The zone select lists America/Argentina/Buenos Aires: it once widened the page past a phone's screen.
          assert.equal(await overflow(), false, 'nothing wider than the screen, the free times');
          // The last time offered: the first is still held by the call the test above moved to within 2 hours.
          const slot = await page.locator('a.booking-slot').last().getAttribute('href');
          await page.goto(`${site.url}${slot}`);
          assert.deepEqual(await runAxe(page), [], 'the confirmation too');
          assert.equal(await overflow(), false, 'nothing wider than the screen');
          // Booked: the call, its cancel form asking for the address, and a move's confirmation asking for it too.
          await page.locator('.booking-confirm button[type="submit"]').click();
          await page.locator('.booking-cancel-form input[type="email"]').waitFor();
          assert.deepEqual(await runAxe(page), [], 'the booked call');
          assert.equal(await overflow(), false, 'nothing wider than the screen, booked');
          await page.goto(`${site.url}${await page.locator('a.booking-slot').nth(1).getAttribute('href')}`);
          await page.locator('.booking-confirm input[type="email"]').waitFor();
          assert.deepEqual(await runAxe(page), [], "a move's confirmation");
          assert.equal(await overflow(), false, "nothing wider than the screen, a move's confirmation");
        } finally {
          await context.close();
        }
      });
});
