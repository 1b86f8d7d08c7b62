/**
 * Booking in Chromium, as a visitor does it: the form's answer opens a panel of free times in the browser's own
 * time zone (Asia/Kolkata, UTC+5:30; America/Sao_Paulo, UTC-3), a time picked is confirmed on the booking page and
 * booked, and a second send of the form names the call the person has; the booking pages in every language are axe-clean at 375 and 1440 px and make no request to anyone
 * but the site. The times shown are worked out here from the slots with the zone's own offset.
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
    startLeadSite({ env: { OWNER_TIME_ZONE: 'America/Sao_Paulo' } }),
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
        assert.deepEqual(
          console.filter((m) => m.type === 'error'),
          [],
        );
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
          await page.goto(`${site.url}${path}?zone=Asia/Kolkata`);
          assert.deepEqual(await runAxe(page), []);
          const slot = await page.locator('a.booking-slot').first().getAttribute('href');
          await page.goto(`${site.url}${slot}`);
          assert.deepEqual(await runAxe(page), [], 'the confirmation too');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          assert.equal(overflow, false, 'nothing wider than the screen');
        } finally {
          await context.close();
        }
      });
});
