/**
 * The owner's pages on a phone (375 px) and on a desktop (1440 px), in
 * Chromium: axe finds no violation on any of them, nothing scrolls sideways,
 * and every button and link of the inbox is at least 44 px high, a thumb's
 * target. Each page is loaded with data in it (leads of every verdict, a
 * failed alert, marks, sources, activity, a booked call).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { setAvailability } from '../../support/booking';
import { calendar, startIcsFeed, vevent } from '../../support/icsFeed';
import { runAxe } from '../../support/browser';
import { leadSitesPerTest } from '../../support/leadSite';
import { createPasskey, ownerDevice, browserPerFile } from '../../support/ownerBrowser';
import { waitFor } from '../../support/waitFor';

const browser = browserPerFile();
const site = leadSitesPerTest();

const PAGES = [
  '/owner/login',
  '/owner',
  '/owner/leads/1',
  '/owner/leads/3',
  '/owner/spam',
  '/owner/alerts',
  '/owner/sources',
  '/owner/activity',
  '/owner/passkeys',
  '/owner/content',
  '/owner/content/hero',
  '/owner/content/services',
  '/owner/content/about',
  '/owner/content/history',
  '/owner/booking',
  '/owner/calls',
];

/** Interactive elements shorter than a thumb's target, and whether the page scrolls sideways. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const small = [
      ...document.querySelectorAll(
        'main button, main select, main input, header button, header a, .owner-lead-link, .owner-button-link',
      ),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height < 44;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    return { small, sideways: document.documentElement.scrollWidth > window.innerWidth };
  });
}

describe("the owner's pages for every reader", () => {
  it('pass axe and fit a thumb at 375 px and at 1440 px', async () => {
    const s = await site({ localhostOrigin: true, retry: { maxAttempts: 1 } });
    const origin = s.config.publicUrl;
    const referer = `${origin}/?utm_source=newsletter`;
    await s.post(
      { name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' },
      { headers: { Referer: referer } },
    );
    await s.post({ name: 'Buy now https://spam.example', company: 'x', email: 'x@example.com' });
    s.smtp.setMode('reject');
    await s.post({
      name: 'Ada Lovelace with a rather long name',
      company: 'Analytical Engines Ltd',
      email: 'ada.lovelace.long@example.com',
    });
    await waitFor(() => s.services.queue.countsByStatus().some((c) => c.status === 'failed'));
    s.services.owner.leads.mark({ via: 'inbox', device: 'Chrome on Linux' }, 1, 'contacted');
    // A call booked, for the Booking and Calls pages and the lead's page to show.
    setAvailability(s, {
      enabled: 'true',
      hours: 'mon-sun 00:00-23:30',
      notice: '0',
      'meeting-url': 'https://meet.example.com/a',
    });
    const link = s.services.bookings.linkForLead(1) ?? assert.fail('a booking link for the first lead');
    const times = (await (await fetch(link, { headers: { Accept: 'application/json' } })).json()) as {
      slots: string[];
    };
    const booked = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams({ action: 'book', slot: times.slots[0] ?? '', zone: 'Europe/Lisbon' }),
    });
    assert.equal(booked.status, 200, 'the call is booked');
    // Then a calendar that cannot be read, for the Booking page to say why in a sentence with a long rule in it.
    const unreadable = vevent(
      'DTSTART:20260105T090000Z',
      'DTEND:20260105T100000Z',
      'RRULE:FREQ=DAILY;UNTIL=20271231T235959Z;BYDAY=1MO,2TU,3WE,4TH,-1FR;BYHOUR=9,10,11,12,13,14,15,16,17',
    );
    const feed = await startIcsFeed(calendar(unreadable));
    after(() => feed.close());
    setAvailability(s, { 'feed-url': feed.feedUrl });
    const device = await ownerDevice(browser());
    try {
      await createPasskey(device.page, s.services.owner.links.create('register').url, 'Phone');
      await device.page.waitForURL(`${origin}/owner`);
      const found: string[] = [];
      for (const width of [375, 1440]) {
        await device.page.setViewportSize({ width, height: 900 });
        for (const path of PAGES) {
          if (path === '/owner/login') continue; // signed in: it sends the owner on to the inbox
          await device.page.goto(`${origin}${path}`);
          if (path === '/owner/booking')
            await device.page.getByText('cannot be expanded: a numbered weekday (1MO)', { exact: false }).waitFor();
          const violations = await runAxe(device.page);
          for (const v of violations)
            found.push(`${width}px ${path}: ${v.id} (${v.help}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
          const { small, sideways } = await layoutProblems(device.page);
          if (sideways) found.push(`${width}px ${path}: scrolls sideways`);
          for (const el of small) found.push(`${width}px ${path}: ${el} is under 44 px high`);
        }
      }
      const stranger = await ownerDevice(browser());
      for (const width of [375, 1440]) {
        await stranger.page.setViewportSize({ width, height: 900 });
        await stranger.page.goto(`${origin}/owner/login`);
        for (const v of await runAxe(stranger.page)) found.push(`${width}px /owner/login: ${v.id} (${v.help})`);
      }
      await stranger.close();
      assert.deepEqual(found, []);
    } finally {
      await device.close();
    }
  });
});
