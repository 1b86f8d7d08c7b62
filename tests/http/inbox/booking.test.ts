/**
 * Booking in the inbox: the Booking form shows his availability and saves what changed through the same
 * actions as `booking set` (all or nothing, one line of activity per key), never showing the calendar feed's
 * secret address; the upcoming calls; and a lead's call on its page, cancelled from there.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import { CLI } from '../../../src/ownerActions/activity';
import { calendar, startIcsFeed, vevent } from '../../support/icsFeed';
import { type LeadSite, leadSitesPerTest } from '../../support/leadSite';
import { newLeadRow } from '../../support/newLeadRow';
import { ownerFetch, type OwnerHttpSession, postForm, signInByLink } from '../../support/ownerHttp';
import { waitFor } from '../../support/waitFor';

const site = leadSitesPerTest();
// The site's clock: a Thursday morning; the lead came in an hour before, so its booking link is valid.
const NOW = Date.parse('2026-11-26T10:00:00.000Z');
let clock = NOW;
// Typed into a refused form only: never saved, so never read.
const FEED = 'https://calendar.example.com/private-5ecret-path/basic.ics';

async function signedIn(): Promise<{ s: LeadSite; session: OwnerHttpSession }> {
  clock = NOW;
  const s = await site({ now: () => clock, startWorker: false });
  return { s, session: await signInByLink(s) };
}

async function page(s: LeadSite, session: OwnerHttpSession, path: string, status = 200) {
  const res = await ownerFetch(s, path, { headers: { Cookie: session.cookie } });
  assert.equal(res.status, status, path);
  const html = await res.text();
  return { html, dom: parse(html) };
}

const save = (s: LeadSite, session: OwnerHttpSession, fields: Record<string, string>) =>
  postForm(s, '/owner/booking', { _csrf: session.csrf, ...fields }, { Cookie: session.cookie });

const fieldValue = (dom: ReturnType<typeof parse>, key: string) =>
  dom.querySelector(`#booking-${key}`)?.getAttribute('value');

/** A verified lead with a call booked in the first slot offered; its id and the call's start. */
async function bookedLead(s: LeadSite, name: string) {
  const { bookings } = s.services;
  s.services.owner.booking.set(CLI, 'enabled', 'true');
  s.services.owner.booking.set(CLI, 'hours', 'mon-sun 09:00-17:00');
  const id = s.services.leads.insert(
    newLeadRow({
      createdAt: '2026-11-26T09:00:00.000Z',
      name,
      email: `${name}@example.com`,
      emailKey: `${name}@example.com`,
      dedupeKey: name,
    }),
  );
  const token = new URL(bookings.linkForLead(id) ?? assert.fail('a booking link')).pathname.split('/').at(-1) ?? '';
  const view = await bookings.view(token);
  assert.equal(view.kind, 'open');
  const slot = view.kind === 'open' && Array.isArray(view.slots) ? view.slots[0] : undefined;
  assert.ok(slot, 'a slot is offered');
  const booked = await bookings.book(token, new Date(slot.start).toISOString(), 'Europe/Lisbon');
  assert.equal(booked.kind, 'booked');
  return { id, startsAt: new Date(slot.start).toISOString() };
}

describe('the Booking page', () => {
  it('shows the defaults, saves what changed, and writes one line of activity per key', async () => {
    const { s, session } = await signedIn();
    const before = await page(s, session, '/owner/booking');
    assert.equal(before.dom.querySelector('#booking-enabled option[selected]')?.getAttribute('value'), 'false');
    for (const [key, value] of [
      ['length', '30'],
      ['buffer', '15'],
      ['notice', '12'],
      ['days', '14'],
    ] as const)
      assert.equal(fieldValue(before.dom, key), value, key);
    assert.match(before.dom.querySelector('main')?.text ?? '', /Times are in your time zone, UTC/);
    assert.ok(before.dom.querySelector('nav a[href="/owner/booking"]'), 'in the navigation');

    const res = await save(s, session, {
      enabled: 'true',
      hours: 'mon-fri 9:00-17:00',
      length: '45',
      buffer: '15',
      notice: '12',
      days: '14',
      'meeting-url': 'https://meet.example.com/room',
      'feed-url': '',
    });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/owner/booking');
    const lines = s.services.owner.booking.lines();
    for (const line of [
      'enabled true',
      'hours mon-fri 09:00-17:00',
      'length 45',
      'meeting-url https://meet.example.com/room',
    ])
      assert.ok(lines.includes(line), `${line} in ${lines.join(', ')}`);

    const after = await page(s, session, '/owner/booking');
    assert.match(after.dom.querySelector('.owner-notice')?.text ?? '', /^Saved: /);
    assert.equal(fieldValue(after.dom, 'hours'), 'mon-fri 09:00-17:00', 'the canonical text');
    assert.equal(fieldValue(after.dom, 'length'), '45');
    const activity = (await page(s, session, '/owner/activity')).dom.querySelector('main')?.text ?? '';
    assert.match(activity, /Booking changed\s*length 45/);
    const changes = s.services.owner.reads.activity(20).filter((a) => a.action === 'booking-changed');
    assert.deepEqual(changes.map((a) => a.detail).sort(), [
      'enabled true',
      'hours mon-fri 09:00-17:00',
      'length 45',
      'meeting-url https://meet.example.com/room',
    ]);
  });

  it('refuses a bad value with its error beside it, keeps what was typed, and saves none of the form', async () => {
    const { s, session } = await signedIn();
    const lines = s.services.owner.booking.lines();
    const res = await save(s, session, { enabled: 'true', hours: 'weekdays 9 to 5', length: '45', 'feed-url': FEED });
    assert.equal(res.status, 400);
    const html = await res.text();
    const dom = parse(html);
    assert.match(dom.querySelector('#booking-hours-error')?.text ?? '', /^hours must be like/);
    assert.equal(dom.querySelector('#booking-hours')?.getAttribute('aria-invalid'), 'true');
    assert.equal(fieldValue(dom, 'hours'), 'weekdays 9 to 5');
    assert.equal(fieldValue(dom, 'length'), '45');
    assert.ok(!html.includes('5ecret'), 'the typed feed address is not shown back');
    assert.deepEqual(s.services.owner.booking.lines(), lines, 'nothing saved');
    assert.equal(s.services.owner.reads.activity(20).filter((a) => a.action === 'booking-changed').length, 0);
  });

  it('never shows the feed address in full, keeps it when its field is empty, and removes it on request', async () => {
    const { s, session } = await signedIn();
    const feed = await startIcsFeed(calendar()); // the page reads the feed it shows: a stand-in on this machine
    after(() => feed.close());
    assert.equal((await save(s, session, { 'feed-url': feed.feedUrl })).status, 303);
    assert.equal(s.services.owner.booking.settings().feedUrl, feed.feedUrl);
    const shown = await page(s, session, '/owner/booking');
    assert.ok(!shown.html.includes('s3cr3t'), 'the secret part is not in the page');
    assert.ok(shown.html.includes(`${feed.url}/…`), 'the host is');
    assert.equal(fieldValue(shown.dom, 'feed-url'), '');
    const activity = await page(s, session, '/owner/activity');
    assert.ok(!activity.html.includes('s3cr3t'), 'nor in the activity');

    assert.equal((await save(s, session, { 'feed-url': '', length: '60' })).status, 303);
    assert.equal(s.services.owner.booking.settings().feedUrl, feed.feedUrl, 'an empty field keeps it');
    assert.equal((await save(s, session, { 'feed-url': '', 'remove-feed': 'yes' })).status, 303);
    assert.equal(s.services.owner.booking.settings().feedUrl, '', 'the checkbox removes it');
  });

  it('shows what leads are offered now, on or off, and how the reads of his calendar went', async () => {
    const { s, session } = await signedIn(); // Thursday 26 November, 10:00 UTC
    const feed = await startIcsFeed(calendar(vevent('DTSTART:20261126T140000Z', 'DTEND:20261126T143000Z')));
    after(() => feed.close());
    const settings: [string, string][] = [
      ['hours', 'thu 14:00-15:00'],
      ['notice', '0'],
      ['feed-url', feed.feedUrl],
    ];
    for (const [key, value] of settings) s.services.owner.booking.set(CLI, key, value);
    const offered = async () =>
      (
        (await page(s, session, '/owner/booking')).dom.querySelector('section[aria-labelledby="booking-offered"]')
          ?.text ?? ''
      ).replace(/\s+/g, ' ');

    // Today's 14:00 and 14:30 are within 15 minutes of his event: the next two Thursdays are offered.
    assert.equal(
      await offered(),
      'What leads are offered now' +
        'Booking is off: no lead gets a link. Once it is on, leads will be offered these times.' +
        '4 times in the next 14 days; the first: 2026-12-03 14:00 UTC, 2026-12-03 14:30 UTC, 2026-12-10 14:00 UTC.' +
        'The invitations carry no meeting link: set your room (Zoom, Meet) below.' +
        'Your calendar was read 2026-11-26 10:00 UTC.',
    );
    s.services.owner.booking.set(CLI, 'meeting-url', 'https://meet.example.com/room');

    s.services.owner.booking.set(CLI, 'enabled', 'true');
    feed.fail(404);
    clock += 6 * 60_000; // the copy is due again; the read fails, the copy serves
    const failed = await offered();
    assert.match(failed, /Booking is on: each verified lead gets a link to these times\./);
    assert.match(failed, /4 times in the next 14 days/);
    assert.doesNotMatch(failed, /no meeting link/, 'a meeting link is set');
    assert.match(
      failed,
      /Your calendar was read 2026-11-26 10:00 UTC\. ?The last read failed 2026-11-26 10:06 UTC: the calendar feed answered HTTP 404\./,
    );

    clock += 25 * 3_600_000; // no good copy from the last 24 hours
    assert.match(
      await offered(),
      /No time is offered: your calendar cannot be read, and no copy of it from the last 24 hours is kept\./,
    );
    s.services.owner.booking.set(CLI, 'feed-url', '');
    s.services.owner.booking.set(CLI, 'hours', 'off');
    const noHours = await offered();
    assert.match(noHours, /No time is offered: no weekly hours are set\./);
    assert.doesNotMatch(noHours, /calendar/, 'no feed, no line about it');
  });

  it('sends a stranger to the login page and refuses a post without the form token', async () => {
    const { s, session } = await signedIn();
    const stranger = await ownerFetch(s, '/owner/booking');
    assert.equal(stranger.status, 303);
    assert.equal(stranger.headers.get('location'), '/owner/login?next=%2Fowner%2Fbooking');
    for (const path of ['/owner/calls', '/owner/booking']) {
      const res = await ownerFetch(s, path);
      assert.equal(res.status, 303, path);
    }
    const forged = await postForm(s, '/owner/booking', { length: '60' }, { Cookie: session.cookie });
    assert.equal(forged.status, 403);
    const anonymous = await postForm(s, '/owner/booking', { _csrf: session.csrf, length: '60' });
    assert.equal(anonymous.status, 403);
    assert.equal(s.services.owner.booking.settings().lengthMinutes, 30, 'nothing changed');
  });
});

describe('the calls in the inbox', () => {
  it('tells him, when he changes the meeting link, how many booked calls get it in an updated invitation', async () => {
    const { s, session } = await signedIn();
    await bookedLead(s, 'Ada');
    await bookedLead(s, 'Alan');
    const notice = async () =>
      (await page(s, session, '/owner/booking')).dom.querySelector('.owner-notice')?.text.trim();
    assert.equal((await save(s, session, { 'meeting-url': 'https://meet.example.com/new' })).status, 303);
    assert.equal(
      await notice(),
      'Saved: meeting-url https://meet.example.com/new. The 2 calls already booked get an updated invitation with the new link, for you and each visitor.',
    );
    assert.equal((await save(s, session, { length: '45' })).status, 303);
    assert.equal(await notice(), 'Saved: length 45.', 'no word of invitations when the link stays');
  });

  it('lists the upcoming calls, shows the call on the lead page, and cancels it from there', async () => {
    const { s, session } = await signedIn();
    assert.match((await page(s, session, '/owner/calls')).dom.querySelector('main')?.text ?? '', /No calls booked\./);
    const { id, startsAt } = await bookedLead(s, 'Grace');

    const calls = (await page(s, session, '/owner/calls')).dom;
    const items = calls.querySelectorAll('main .owner-lead');
    assert.equal(items.length, 1);
    assert.equal(items[0]?.querySelector('time')?.getAttribute('datetime'), startsAt);
    assert.match(items[0]?.text ?? '', /2026-11-27 09:00 UTC, 30 min/);
    assert.equal(items[0]?.querySelector(`a[href="/owner/leads/${id}"]`)?.text, 'Grace');
    assert.match(items[0]?.text ?? '', /Engines/);
    assert.match(items[0]?.text ?? '', /English \(en\)/);

    const lead = (await page(s, session, `/owner/leads/${id}`)).dom;
    assert.match(lead.querySelector('#lead-call')?.parentNode?.text ?? '', /Booked: 2026-11-27 09:00 UTC/);
    assert.equal(lead.querySelector('.owner-promise')?.text, 'Call booked', 'a booked call keeps the promise');
    const form = lead.querySelector(`form[action="/owner/leads/${id}/cancel-call"]`);
    assert.equal(form?.querySelector('button')?.text, 'Cancel the call');

    const refused = await postForm(s, `/owner/leads/${id}/cancel-call`, {}, { Cookie: session.cookie });
    assert.equal(refused.status, 403, 'without the form token');
    assert.equal(s.services.owner.booking.ofLead(id)?.status, 'booked');

    const cancel = await postForm(
      s,
      `/owner/leads/${id}/cancel-call`,
      { _csrf: session.csrf },
      { Cookie: session.cookie },
    );
    assert.equal(cancel.status, 303);
    assert.equal(cancel.headers.get('location'), `/owner/leads/${id}`);
    assert.equal(s.services.owner.booking.ofLead(id)?.status, 'cancelled');
    const after = (await page(s, session, `/owner/leads/${id}`)).dom;
    assert.equal(
      after.querySelector('.owner-notice')?.text,
      'The call is cancelled: both of you get the cancellation.',
    );
    assert.match(after.querySelector('#lead-call')?.parentNode?.text ?? '', /Cancelled 2026-11-26 10:00 UTC by you/);
    assert.equal(after.querySelectorAll(`form[action="/owner/leads/${id}/cancel-call"]`).length, 0);
    assert.match(after.querySelector('.owner-promise')?.text ?? '', / left$|^Overdue/, 'the promise runs again');
    assert.equal((await page(s, session, '/owner/calls')).dom.querySelectorAll('main .owner-lead').length, 0);
    assert.ok(s.services.owner.reads.activity(20).some((a) => a.action === 'call-cancelled'));

    // His own alert of the cancel says he made it, not the visitor. Alerts are attempted as they are queued; the
    // loop retries one that failed (an SMTP answer slow under load) once its time comes, so the clock runs here.
    s.start();
    const ticking = setInterval(() => (clock += 1_000), 50);
    try {
      const toOwner = () =>
        s.smtp.messages.find((m) => m.to.includes('owner@example.com') && m.subject?.startsWith('Cancelled: '));
      await waitFor(() => toOwner() !== undefined, 10_000, "the owner's cancel e-mail");
      const text = toOwner()?.text ?? '';
      assert.ok(
        text.startsWith('You cancelled this call from your inbox; the visitor was sent the cancellation.\n'),
        text,
      );
    } finally {
      clearInterval(ticking);
    }
    // The call's alerts are on the lead's page, by channel, as its other alerts are.
    const alerts = (await page(s, session, `/owner/leads/${id}`)).dom.querySelector('#lead-alerts')?.parentNode;
    const channels = alerts?.querySelectorAll('li strong').map((n) => n.text) ?? [];
    assert.ok(
      ['booking-invite', 'booking-email'].every((channel) => channels.includes(channel)),
      channels.join(', '),
    );
  });

  it("shows a person's call on the page of their later lead, linked to the lead that booked it", async () => {
    const { s, session } = await signedIn();
    const { id } = await bookedLead(s, 'Grace');
    // The same address, sent again half an hour later with another question.
    const later = s.services.leads.insert(
      newLeadRow({
        createdAt: '2026-11-26T09:30:00.000Z',
        name: 'Grace',
        company: 'Engines 2',
        email: 'Grace@example.com',
        emailKey: 'Grace@example.com',
        dedupeKey: 'again',
      }),
    );
    const lead = (await page(s, session, `/owner/leads/${later}`)).dom;
    const section = lead.querySelector('#lead-call')?.parentNode;
    assert.match(section?.text ?? '', /Booked on lead #\d+ of the same person: 2026-11-27 09:00 UTC, 30 min/);
    assert.equal(section?.querySelector('a')?.getAttribute('href'), `/owner/leads/${id}`);
    assert.equal(section?.querySelectorAll('form').length, 0, 'cancelled on the lead that booked it');
    assert.equal(lead.querySelector('.owner-promise')?.text, 'Call booked');
  });

  it('offers no cancel once the call has begun, and refuses one posted then: nothing is sent', async () => {
    const { s, session } = await signedIn();
    const { id, startsAt } = await bookedLead(s, 'Hedy');
    clock = Date.parse(startsAt) + 10 * 60_000;
    const lead = (await page(s, session, `/owner/leads/${id}`)).dom;
    assert.match(
      lead.querySelector('#lead-call')?.parentNode?.text ?? '',
      /Booked: 2026-11-27 09:00 UTC, 30 min\. Its time has come, so it can no longer be cancelled\./,
    );
    assert.equal(lead.querySelectorAll(`form[action="/owner/leads/${id}/cancel-call"]`).length, 0);
    // The booking's own alerts are sent as it is booked: once they are settled, a cancellation would queue them again.
    const alerts = () => s.services.db.prepare('SELECT channel, status, attempts FROM alerts ORDER BY channel').all();
    await waitFor(
      () => (alerts() as { status: string }[]).every((row) => row.status !== 'pending'),
      10_000,
      "the booking's alerts settled",
    );
    const alertsBefore = alerts();
    const late = await postForm(
      s,
      `/owner/leads/${id}/cancel-call`,
      { _csrf: session.csrf },
      { Cookie: session.cookie },
    );
    assert.equal(late.status, 409);
    assert.match(
      parse(await late.text()).text,
      /The call's time has come, so it can no longer be cancelled: nothing was sent\./,
    );
    assert.equal(s.services.owner.booking.ofLead(id)?.status, 'booked');
    assert.deepEqual(alerts(), alertsBefore, 'no cancellation queued');
    assert.ok(!s.services.owner.reads.activity(20).some((a) => a.action === 'call-cancelled'));
  });

  it('answers 409 for a lead without a booked call and 404 for no such lead, changing nothing', async () => {
    const { s, session } = await signedIn();
    const id = s.services.leads.insert(newLeadRow({ createdAt: '2026-11-26T09:00:00.000Z' }));
    const headers = { Cookie: session.cookie };
    const none = await postForm(s, `/owner/leads/${id}/cancel-call`, { _csrf: session.csrf }, headers);
    assert.equal(none.status, 409);
    assert.match(await none.text(), /no booked call/);
    for (const path of ['/owner/leads/999/cancel-call', '/owner/leads/abc/cancel-call'])
      assert.equal((await postForm(s, path, { _csrf: session.csrf }, headers)).status, 404, path);
    assert.equal(s.services.owner.reads.activity(20).filter((a) => a.action === 'call-cancelled').length, 0);
  });
});
