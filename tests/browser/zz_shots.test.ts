import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, routeThumbnail } from '../support/browser';
import { pathOf, setAvailability } from '../support/booking';
import { type LeadSite, startLeadSite } from '../support/leadSite';
import { ownerDevice, openSignInLink } from '../support/ownerBrowser';
import { fillLead, hydrateForm, submitButton } from './leadFormHelpers';

let browser: Browser;
let site: LeadSite;
before(async () => {
  [browser, site] = await Promise.all([
    launchBrowser({ localhost: true }),
    startLeadSite({ localhostOrigin: true, env: { OWNER_TIME_ZONE: 'America/Sao_Paulo' } }),
  ]);
  setAvailability(site, { enabled: 'true', hours: 'mon-fri 09:00-17:00; sat 10:00-12:00', 'meeting-url': 'https://meet.example.com/a' });
});
after(async () => {
  await browser.close();
  await site.close();
});

it('shots', { timeout: 300_000 }, async () => {
  const origin = site.config.publicUrl;
  let n = 0;
  for (const language of ['en', 'pt', 'es'] as const)
    for (const width of [375, 1440]) {
      n += 1;
      const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Kolkata' });
      const page = await context.newPage();
      await routeThumbnail(page, site.config.profile.videoThumbnailUrl);
      await page.goto(`${origin}${language === 'en' ? '/' : `/${language}/`}`);
      await hydrateForm(page);
      await page.locator('#lead-name').fill('Priya Rao');
      await page.locator('#lead-company').fill('Rao Labs');
      await page.locator('#lead-email').fill(`p${n}@example.org`);
      await submitButton(page).click();
      await page.locator('.booking-panel a.booking-slot').first().waitFor();
      await page.locator('.booking-panel').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/panel-${language}-${width}.png` });
      await page.locator('.booking-panel a.booking-slot').first().click();
      await page.locator('.booking-confirm').waitFor();
      await page.screenshot({ path: `/tmp/shots/confirm-${language}-${width}.png`, fullPage: true });
      await page.locator('.booking-confirm button').click();
      await page.locator('.booking-notice').waitFor();
      await page.screenshot({ path: `/tmp/shots/booked-${language}-${width}.png`, fullPage: width === 1440 });
      await context.close();
    }
  const answer = await site.post({ name: 'Ana', company: 'Co', email: 'ana@ex.org', language: 'es' });
  for (const width of [375, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}${pathOf(String(answer.json.bookingUrl))}?zone=America/Bogota`);
    await page.screenshot({ path: `/tmp/shots/page-es-${width}.png`, fullPage: width === 375 ? false : true });
    await context.close();
  }
  for (const width of [375, 1440]) {
    const phone = await ownerDevice(browser);
    await phone.page.setViewportSize({ width, height: 900 });
    await openSignInLink(phone.page, site.services.owner.links.create('sign-in').url);
    for (const path of ['/owner/booking', '/owner/calls', '/owner/leads/1']) {
      await phone.page.goto(`${origin}${path}`);
      await phone.page.screenshot({ path: `/tmp/shots/inbox${path.replaceAll('/', '-')}-${width}.png`, fullPage: true });
    }
    await phone.close();
  }
});
