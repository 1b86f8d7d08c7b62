/**
 * The booking page's rules over HTTP, on a fixed clock: the times offered are exactly those the rules give for the
 * fixture calendar (a weekly meeting with an EXDATE and a moved instance, an all-day event, a transparent and a
 * cancelled event, Lisbon's change to summer time); ten visitors posting one time at once make one booking; and
 * every refusal (a made-up, altered or expired link, a time not offered, a change within 2 hours, a post from
 * another site, booking turned off, a lead not verified, too many posts) changes nothing and says why.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pathOf, setAvailability } from '../support/booking';
import { FIXTURE_BUSY_IN_LISBON, FIXTURE_CALENDAR, type IcsFeed, startIcsFeed } from '../support/icsFeed';
import { type LeadSite, startLeadSite } from '../support/leadSite';
import { referenceSlots } from '../support/slotsReference';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2027-03-22T06:00:00Z'); // Monday, 06:00 in Lisbon (UTC+0 until Sunday the 28th)
const span = (start: string, end: string) => ({ start: Date.parse(start), end: Date.parse(end) });
const BUSY = FIXTURE_BUSY_IN_LISBON.map(([start, end]) => span(start, end));
const WEEK = { from: 9 * 60, to: 18 * 60 };
// His hours as set below; the rest are the defaults the booking rules state (30-minute calls, 15 minutes of
// buffer, 12 hours of notice, 14 days ahead).
const RULES = {
  enabled: true,
  hours: { mon: [WEEK], tue: [WEEK], wed: [WEEK], thu: [WEEK], fri: [WEEK], sat: [WEEK], sun: [WEEK] },
  lengthMinutes: 30,
  bufferMinutes: 15,
  noticeHours: 12,
  daysAhead: 14,
  meetingUrl: '',
  feedUrl: '',
};

describe('the booking rules over HTTP', () => {
  let site: LeadSite;
  let feed: IcsFeed;
  let clock = T0;
  let leads = 0;

  before(async () => {
    feed = await startIcsFeed(FIXTURE_CALENDAR);
    site = await startLeadSite({ now: () => clock, publicOrigin: true, env: { OWNER_TIME_ZONE: 'Europe/Lisbon' } });
    setAvailability(site, { enabled: 'true', hours: 'mon-sun 09:00-18:00', 'feed-url': feed.feedUrl });
  });
  after(async () => {
    await site.close();
    await feed.close();
  });

  /** The address each lead's form was sent with, by its booking page's path: moving or cancelling asks for it. */
  const addresses = new Map<string, string>();
  const addressOf = (path: string) => addresses.get(path) as string;
  /** A new verified lead's booking page path. */
  async function newLead(body: Record<string, string> = {}) {
    leads += 1;
    const fields = { name: `Lead ${leads}`, company: 'Co', email: `lead${leads}@example.org`, ...body };
    const answer = await site.post(fields);
    assert.equal(answer.status, 200);
    if (answer.json.bookingUrl === undefined) return undefined;
    const path = pathOf(String(answer.json.bookingUrl));
    addresses.set(path, fields.email);
    return path;
  }
  const slotsOf = async (path: string) =>
    (
      (await (await fetch(`${site.url}${path}`, { headers: { Accept: 'application/json' } })).json()) as {
        slots: string[];
      }
    ).slots;
  const post = (path: string, fields: Record<string, string>, origin = site.url) =>
    fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams(fields),
    });

  it('offers exactly the times the rules give, across the change to summer time', async () => {
    const path = (await newLead()) as string;
    const expected = referenceSlots({
      availability: RULES,
      ownerTimeZone: 'Europe/Lisbon',
      now: T0,
      busy: BUSY,
      booked: [],
    });
    const offered = await slotsOf(path);
    assert.deepEqual(
      offered,
      expected.map((slot) => new Date(slot.start).toISOString()),
    );
    // 09:00 Lisbon is 09:00 UTC before Sunday the 28th and 08:00 UTC after.
    assert.ok(offered.includes('2027-03-22T18:00:00.000Z') === false && offered.includes('2027-03-26T09:00:00.000Z'));
    assert.ok(offered.includes('2027-03-31T08:00:00.000Z'));
    assert.ok(
      !offered.some((slot) => slot.startsWith('2027-03-27') || slot.startsWith('2027-03-28')),
      'away all weekend',
    );
  });

  it('books one of ten visitors posting the same time at once; the others are told and get fresh times', async () => {
    const paths = await Promise.all(Array.from({ length: 10 }, () => newLead()));
    const slot = (await slotsOf(paths[0] as string))[5] as string;
    const answers = await Promise.all(paths.map((path) => post(path as string, { action: 'book', slot, zone: 'UTC' })));
    const statuses = answers.map((res) => res.status).sort();
    assert.deepEqual(statuses, [200, ...Array(9).fill(409)]);
    const pages = await Promise.all(answers.map((res) => res.text()));
    const refused = pages.filter((_, i) => answers[i]?.status === 409);
    for (const page of refused) {
      assert.match(page, /<h2>This time was just taken<\/h2><p>This time was just taken, pick another\.<\/p>/);
      assert.doesNotMatch(page, new RegExp(encodeURIComponent(slot)), 'the taken time is not offered again');
    }
    const count = site.services.db.prepare("SELECT COUNT(*) AS n FROM bookings WHERE status = 'booked'").get() as {
      n: number;
    };
    assert.equal(count.n, 1);
    // The winner sending the same time again (a second click) books nothing new and sends nothing again.
    const winner = paths[answers.findIndex((res) => res.status === 200)] as string;
    assert.equal((await post(winner, { action: 'book', slot, zone: 'UTC' })).status, 200);
    assert.deepEqual(site.services.db.prepare("SELECT sequence, event FROM bookings WHERE status = 'booked'").all(), [
      { sequence: 0, event: 'created' },
    ]);
  });

  it('refuses a made-up, altered or expired link, a time not offered and a post from another site', async () => {
    const path = (await newLead()) as string;
    const [, token] = /\/book\/(.+)$/.exec(path) as unknown as [string, string];
    const [lead, expires, sig] = token.split('.');
    const slot = (await slotsOf(path))[0] as string;
    const before = site.services.db.prepare('SELECT COUNT(*) AS n FROM bookings').get();
    const madeUp = await post(`/book/1.9999999999.${'A'.repeat(43)}`, { action: 'book', slot });
    assert.equal(madeUp.status, 403);
    assert.match(await madeUp.text(), /<h2>This link is not valid<\/h2><p>This booking link is not valid\./);
    for (const guess of [`/book/1.9999999999.${'A'.repeat(43)}`, '/book/guess', `/book/${lead}.${expires}.x${sig}`]) {
      const opened = await fetch(`${site.url}${guess}`);
      assert.equal(opened.status, 403, guess);
      assert.match(await opened.text(), /This booking link is not valid\. Use the link from your e-mail\./, guess);
    }
    const altered = await post(`/book/${Number(lead) - 1}.${expires}.${sig}`, { action: 'book', slot });
    assert.equal(altered.status, 403);
    const notOffered = await post(path, { action: 'book', slot: '2027-03-23T03:00:00.000Z' });
    assert.equal(notOffered.status, 409);
    assert.match(await notOffered.text(), /<h2>This time is not offered<\/h2><p>This time is not offered\. Pick one/);
    assert.equal((await post(path, { action: 'dance', slot })).status, 400);
    const crossSite = await post(path, { action: 'book', slot }, 'https://evil.example');
    assert.equal(crossSite.status, 403);
    assert.deepEqual(site.services.db.prepare('SELECT COUNT(*) AS n FROM bookings').get(), before);
    // The link opens for 48 hours after the lead came in (at T0), not a minute more.
    clock = T0 + 48 * HOUR - MINUTE;
    try {
      assert.equal((await fetch(`${site.url}${path}`)).status, 200, 'a minute before 48 hours');
      clock = T0 + 48 * HOUR + MINUTE;
      const expired = await fetch(`${site.url}${path}`);
      assert.equal(expired.status, 403);
      assert.match(await expired.text(), /<h2>This link has expired<\/h2><p>This booking link has expired/);
    } finally {
      clock = T0;
    }
  });

  it('gives a person who sends the form again their one call to move or cancel, never a second', async () => {
    const email = 'twice@example.org';
    const first = (await newLead({ email })) as string;
    const offered = await slotsOf(first);
    const [one, two] = [offered[4] as string, offered[9] as string];
    assert.equal((await post(first, { action: 'book', slot: one })).status, 200);
    const calls = () =>
      site.services.db
        .prepare(
          "SELECT bookings.starts_at FROM bookings JOIN leads ON leads.id = bookings.lead_id WHERE leads.email = ? AND bookings.status = 'booked'",
        )
        .pluck()
        .all(email);
    clock = T0 + 5 * MINUTE;
    try {
      const second = (await newLead({ email, company: 'Another question' })) as string;
      assert.notEqual(second, first, 'a lead of its own, with a link of its own');
      const times = (await (
        await fetch(`${site.url}${second}`, { headers: { Accept: 'application/json' } })
      ).json()) as {
        booked: string | null;
        slots: string[];
      };
      assert.equal(times.booked, one, 'the new link holds the call booked on the first');
      assert.ok(!times.slots.includes(one), 'the call is not offered again as a time to move it to');
      assert.ok(!(await slotsOf(first)).includes(one), 'nor on the first link');
      assert.ok(times.slots.includes(two));
      assert.match(
        await (await fetch(`${site.url}${second}`)).text(),
        /Your call: .*To move it, pick another time below\./s,
      );
      const moved = await post(second, { action: 'book', slot: two, email });
      assert.equal(moved.status, 200);
      assert.match(await moved.text(), /Your call is now on /);
      assert.deepEqual(calls(), [two], 'one call, moved');
      assert.equal((await post(second, { action: 'cancel', email })).status, 200);
      assert.deepEqual(calls(), [], 'and cancelled from the new link');
      // With no call left, the new link books one of its own.
      assert.equal((await post(second, { action: 'book', slot: one })).status, 200);
      assert.deepEqual(calls(), [one]);
    } finally {
      clock = T0;
    }
  });

  /**
   * Sends the posts while the feed holds its answer: its copy is due again, so each post waits on the same one read
   * and all of them read the page before any changes it (posts sent in the same instant). A post waits a second at
   * most for a read before its last good copy answers it, so the hold stays well under that.
   */
  async function atOnce(...posts: (() => Promise<Response>)[]) {
    clock += 6 * MINUTE;
    const readsBefore = feed.reads();
    const release = feed.hold();
    try {
      const answers = Promise.all(posts.map((send) => send()));
      while (feed.reads() === readsBefore) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 300)); // the other posts reach the same read
      release();
      return (await answers).map((answer) => answer.status);
    } finally {
      release();
    }
  }
  const bookedOf = (email: string) =>
    site.services.db
      .prepare(
        "SELECT bookings.starts_at FROM bookings JOIN leads ON leads.id = bookings.lead_id WHERE leads.email = ? AND bookings.status = 'booked'",
      )
      .pluck()
      .all(email);

  it('books one call when two links of one person book in the same instant', async () => {
    const email = 'same-instant@example.org';
    // Later than every other test's clock, so the feed's copy is due again when the posts are sent.
    clock = T0 + 3 * 24 * HOUR;
    try {
      const first = (await newLead({ email })) as string;
      const second = (await newLead({ email, company: 'Sent twice' })) as string;
      const offered = await slotsOf(first);
      const [one, two] = [offered[4] as string, offered[9] as string];
      const statuses = await atOnce(
        () => post(first, { action: 'book', slot: one }),
        () => post(second, { action: 'book', slot: two }),
      );
      assert.deepEqual(statuses, [200, 200]);
      const calls = bookedOf(email);
      assert.equal(calls.length, 1, `one call for the person, not ${JSON.stringify(calls)}`);
      assert.ok([one, two].includes(calls[0] as string));
    } finally {
      clock = T0;
    }
  });

  it('cancels a call once when two cancels are sent in the same instant, and says so to the second', async () => {
    const email = 'cancel-twice@example.org';
    clock = T0 + 4 * 24 * HOUR;
    try {
      const path = (await newLead({ email })) as string;
      assert.equal((await post(path, { action: 'book', slot: (await slotsOf(path))[3] as string })).status, 200);
      const statuses = await atOnce(
        () => post(path, { action: 'cancel', email }),
        () => post(path, { action: 'cancel', email }),
      );
      assert.deepEqual(statuses.sort(), [200, 409], 'one cancelled, the other told there is no call to cancel');
      assert.deepEqual(bookedOf(email), []);
    } finally {
      clock = T0;
    }
  });

  it('cancels nothing when no call is booked, and says so', async () => {
    const path = (await newLead()) as string;
    const before = site.services.db.prepare('SELECT COUNT(*) AS n FROM bookings').get();
    const refused = await post(path, { action: 'cancel' });
    assert.equal(refused.status, 409);
    assert.match(await refused.text(), /<h2>No call to cancel<\/h2><p>There is no booked call to cancel\.<\/p>/);
    assert.deepEqual(site.services.db.prepare('SELECT COUNT(*) AS n FROM bookings').get(), before);
  });

  it('keeps a call from being moved or cancelled within 2 hours of it', async () => {
    const path = (await newLead()) as string;
    const offered = await slotsOf(path);
    const slot = offered[2] as string; // Tuesday morning: the 48-hour link still opens then
    assert.equal((await post(path, { action: 'book', slot })).status, 200);
    const statusOf = () =>
      site.services.db.prepare('SELECT status FROM bookings WHERE starts_at = ?').pluck().get(slot);
    // What the form's panel reads: the call, whether it can still change here, and the times to move it to.
    const times = async () => {
      const { booked, changeable, slots } = (await (
        await fetch(`${site.url}${path}`, { headers: { Accept: 'application/json' } })
      ).json()) as { booked: string; changeable: boolean; slots: string[] };
      return { booked, changeable, timesToMoveTo: slots.length > 0 };
    };
    assert.deepEqual(await times(), { booked: slot, changeable: true, timesToMoveTo: true });
    clock = Date.parse(slot) - 2 * HOUR + MINUTE;
    try {
      assert.deepEqual(await times(), { booked: slot, changeable: false, timesToMoveTo: false });
      const late = await post(path, { action: 'cancel', email: addressOf(path) });
      assert.equal(late.status, 403);
      assert.match(await late.text(), /<h2>Too late to change the call<\/h2><p>The call starts in less than 2 hours/);
      const lateMove = await post(path, { action: 'book', slot: offered.at(-1) as string, email: addressOf(path) });
      assert.equal(lateMove.status, 403);
      assert.match(await lateMove.text(), /less than 2 hours/);
      assert.equal(statusOf(), 'booked');
      const page = await (await fetch(`${site.url}${path}`)).text();
      assert.match(page, /Your call: .*The call starts in less than 2 hours/s);
      assert.doesNotMatch(page, /booking-slot|No time is free|Cancel the call/, 'nothing to pick or press');
      clock = Date.parse(slot) - 2 * HOUR - MINUTE;
      const inTime = await post(path, { action: 'cancel', email: addressOf(path) });
      assert.equal(inTime.status, 200, 'a minute before the 2 hours');
      assert.equal(statusOf(), 'cancelled');
    } finally {
      clock = T0;
    }
  });

  it('says a call that is over took place, and changes nothing', async () => {
    const path = (await newLead()) as string;
    const slot = (await slotsOf(path))[0] as string; // Tuesday 09:00: the 48-hour link still opens after the call
    assert.equal((await post(path, { action: 'book', slot })).status, 200);
    clock = Date.parse(slot) + 31 * MINUTE; // the 30-minute call is over
    try {
      const page = await (await fetch(`${site.url}${path}`)).text();
      assert.match(page, /Your call was on Tuesday, March 23 at 09:00 \(Europe\/Lisbon\)\./);
      assert.doesNotMatch(page, /less than 2 hours|booking-slot|No time is free|Cancel the call/);
      const late = await post(path, { action: 'cancel', email: addressOf(path) });
      assert.equal(late.status, 403);
      assert.match(
        await late.text(),
        /<h2>Too late to change the call<\/h2><p>This call has taken place: it can no longer be changed\.<\/p>/,
      );
      assert.equal(
        site.services.db.prepare('SELECT status FROM bookings WHERE starts_at = ?').pluck().get(slot),
        'booked',
      );
    } finally {
      clock = T0;
    }
  });

  it('opens the page in the lead’s language, whatever the prefix', async () => {
    const path = (await newLead({ language: 'pt-BR' })) as string;
    assert.match(path, /^\/pt\/book\//);
    const page = await fetch(`${site.url}${path}`);
    assert.match(await page.text(), /^<!DOCTYPE html><html lang="pt-BR">[\s\S]*Escolha um horário para a chamada/);
    const english = await fetch(`${site.url}${path.replace('/pt/', '/')}`, { redirect: 'manual' });
    assert.equal(english.status, 302);
    assert.match(english.headers.get('location') ?? '', /^\/pt\/book\//);
  });

  it('says why it refuses in the lead’s language', async () => {
    const refusals = {
      'pt-BR': [
        /<h2>Nenhuma chamada para cancelar<\/h2><p>Não há chamada agendada para cancelar\.<\/p>/,
        /<h2>Este não é o e-mail da chamada<\/h2><p>Nada foi alterado\. Digite o e-mail com que você enviou o formulário\.<\/p>/,
      ],
      es: [
        /<h2>Ninguna llamada que cancelar<\/h2><p>No hay ninguna llamada reservada para cancelar\.<\/p>/,
        /<h2>Este no es el correo de la llamada<\/h2><p>No se cambió nada\. Escribe el correo electrónico con el que enviaste el formulario\.<\/p>/,
      ],
    };
    for (const [language, [notBooked, wrongAddress]] of Object.entries(refusals)) {
      const path = (await newLead({ language })) as string;
      const refused = await post(path, { action: 'cancel' });
      assert.equal(refused.status, 409);
      assert.match(await refused.text(), notBooked as RegExp, language);
      assert.equal((await post(path, { action: 'book', slot: (await slotsOf(path))[6] as string })).status, 200);
      const unknown = await post(path, { action: 'cancel', email: 'someone@example.org' });
      assert.equal(unknown.status, 403);
      assert.match(await unknown.text(), wrongAddress as RegExp, language);
    }
  });

  it('links the booking page from the answer page of a form posted without JavaScript', async () => {
    const res = await fetch(`${site.url}/functions/v1/process-lead-notification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.url, Accept: 'text/html' },
      body: new URLSearchParams({ name: 'Nils', company: 'No Script AB', email: 'nils@example.org' }),
    });
    assert.equal(res.status, 200);
    const page = await res.text();
    const link =
      /<a class="button button-primary lead-result-home" href="(\/book\/[^"]+)">Pick a time for the call<\/a>/.exec(
        page,
      );
    assert.ok(link, 'the booking page is linked');
    const booking = await fetch(`${site.url}${link[1]}`);
    assert.equal(booking.status, 200);
    assert.match(await booking.text(), /<select id="booking-zone" name="zone">/);
  });

  it("serves the booking page under the home page's CSP, never cached, with no script, not kept from search engines", async () => {
    const path = (await newLead()) as string;
    const [home, page] = await Promise.all([fetch(`${site.url}/`), fetch(`${site.url}${path}`)]);
    assert.equal(page.headers.get('content-security-policy'), home.headers.get('content-security-policy'));
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.equal(page.headers.get('set-cookie'), null, 'no cookie');
    const answer = await post(path, { action: 'cancel' });
    assert.equal(answer.headers.get('set-cookie'), null, 'no cookie on a post either');
    const html = await page.text();
    assert.doesNotMatch(html, /<script|<iframe|https?:\/\/(?!127\.0\.0\.1)[^"]*\.(js|css)/);
    // Its link alone changes no booked call (the address is asked for), so a search engine may read it: a page
    // kept out scores 63 in Lighthouse's SEO.
    assert.equal(page.headers.get('x-robots-tag'), null);
    assert.doesNotMatch(html, /<meta name="robots"/);
  });

  it('moves or cancels a call only with the address the form was sent with, typed again', async () => {
    const email = 'Ada.Silva@Example.org';
    const path = (await newLead({ email })) as string;
    const other = (await newLead()) as string;
    const offered = await slotsOf(path);
    const [one, two] = [offered[5] as string, offered[8] as string];
    assert.equal((await post(path, { action: 'book', slot: one })).status, 200, 'the link alone books a first call');
    const page = await (await fetch(`${site.url}${path}`)).text();
    assert.match(
      page,
      /<label for="booking-email-cancel">Your e-mail address<\/label><input id="booking-email-cancel" type="email" autoComplete="email" required="" maxLength="254" aria-describedby="booking-email-cancel-hint" name="email"\/><p id="booking-email-cancel-hint" class="booking-hint">The one you sent the form with: it shows that the change is yours\.<\/p><\/div><button type="submit" class="button button-outline booking-cancel">Cancel the call<\/button>/,
    );
    const confirm = await (await fetch(`${site.url}${path}?slot=${encodeURIComponent(two)}`)).text();
    assert.match(confirm, /Book this time/);
    assert.match(
      confirm,
      /<input id="booking-email-move" type="email" autoComplete="email" required="" [^>]*name="email"\/>/,
      'a move asks for it too',
    );
    assert.doesNotMatch(confirm, /Cancel the call/, 'one form to send while a new time is confirmed');

    const wrong = [undefined, '', 'someone@example.org', addressOf(other), 'ada.silva@example', 'Ada.Silva'];
    for (const typed of wrong) {
      const address: Record<string, string> = typed === undefined ? {} : { email: typed };
      const cancel = await post(path, { action: 'cancel', ...address });
      assert.equal(cancel.status, 403, `cancel with ${typed}`);
      assert.match(
        await cancel.text(),
        /<h2>This is not the address of the call<\/h2><p>Nothing was changed\. Type the e-mail address you sent the form with\.<\/p>/,
      );
      const move = await post(path, { action: 'book', slot: two, ...address });
      assert.equal(move.status, 403, `move with ${typed}`);
      const again = await move.text();
      assert.match(again, /This is not the address of the call/);
      assert.match(again, /booking-email-move.*Book this time/s, 'the same time asked again');
      assert.deepEqual(bookedOf(email), [one], `nothing changed by ${typed}`);
    }
    // However it is typed: spaces around it, another case.
    assert.equal((await post(path, { action: 'book', slot: two, email: '  ADA.SILVA@example.ORG ' })).status, 200);
    assert.deepEqual(bookedOf(email), [two]);
    assert.equal((await post(path, { action: 'cancel', email: 'ada.silva@EXAMPLE.org' })).status, 200);
    assert.deepEqual(bookedOf(email), []);
  });

  it('gives the link even when no time is free, and the page says so', async () => {
    setAvailability(site, { hours: 'sat 09:00-10:00', days: '1' }); // Monday: no Saturday within a day
    try {
      const path = await newLead();
      assert.ok(path, 'the answer carries the link');
      assert.deepEqual(await slotsOf(path), []);
      const page = await fetch(`${site.url}${path}`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /No time is free in the coming days\. I will reply by e-mail to find one\./);
    } finally {
      setAvailability(site, { hours: 'mon-sun 09:00-18:00', days: '14' });
    }
  });

  it('still shows a booked call while booking is off, and cancels it, but books nothing', async () => {
    const email = 'kept@example.org';
    const path = (await newLead({ email })) as string;
    const [one, two] = (await slotsOf(path)).slice(1, 3) as [string, string];
    assert.equal((await post(path, { action: 'book', slot: one })).status, 200);
    setAvailability(site, { enabled: 'false' });
    try {
      const page = await fetch(`${site.url}${path}`);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /Your call: .*Cancel the call.*Calls are not booked online at the moment\./s);
      assert.doesNotMatch(html, /booking-slot|To move it/, 'no time offered');
      const times = await fetch(`${site.url}${path}`, { headers: { Accept: 'application/json' } });
      assert.equal(times.status, 404, 'the panel offers nothing');

      const confirm = await fetch(`${site.url}${path}?slot=${encodeURIComponent(two)}`);
      assert.equal(confirm.status, 200);
      assert.doesNotMatch(await confirm.text(), /Book this time|not offered/, 'no time to confirm');
      const moved = await post(path, { action: 'book', slot: two });
      assert.equal(moved.status, 404);
      assert.match(await moved.text(), /<h2>No online booking at the moment<\/h2>/);
      assert.deepEqual(bookedOf(email), [one], 'not moved');

      const cancelled = await post(path, { action: 'cancel', email });
      assert.equal(cancelled.status, 200);
      assert.match(
        await cancelled.text(),
        /<h2>Your call is cancelled<\/h2><p>The cancellation is on its way to your e-mail\.<\/p>/,
      );
      assert.deepEqual(bookedOf(email), []);
      const after = await fetch(`${site.url}${path}`);
      assert.equal(after.status, 200);
      const left = await after.text();
      assert.match(left, /Calls are not booked online at the moment\./);
      assert.doesNotMatch(left, /Your call: |booking-slot/);
    } finally {
      setAvailability(site, { enabled: 'true' });
    }
  });

  it('gives no link to a lead held back, nor any while booking is off', async () => {
    assert.equal(await newLead({ website: 'http://spam.example' }), undefined);
    const path = (await newLead()) as string;
    setAvailability(site, { enabled: 'false' });
    try {
      assert.equal(await newLead(), undefined);
      const off = await fetch(`${site.url}${path}`);
      assert.equal(off.status, 404);
      assert.match(
        await off.text(),
        /<h2>No online booking at the moment<\/h2><p>Calls are not booked online at the moment/,
      );
    } finally {
      setAvailability(site, { enabled: 'true' });
    }
  });
});

describe('the booking page and the lead form share one rate limit', () => {
  it('refuses a booking post once the lead endpoint used up the limit', async () => {
    const site = await startLeadSite({ env: { LEAD_RATE_LIMIT: '2' } });
    try {
      setAvailability(site, { enabled: 'true', hours: 'mon-sun 00:00-24:00', notice: '0' });
      const first = await site.post({ name: 'Ana', company: 'A', email: 'ana@example.org' });
      const path = pathOf(String(first.json.bookingUrl));
      await site.post({ name: 'Bea', company: 'B', email: 'bea@example.org' });
      const refused = await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.url },
        body: new URLSearchParams({ action: 'cancel' }),
      });
      assert.equal(refused.status, 429);
      assert.match(await refused.text(), /<h2>Too many tries<\/h2><p>Too many requests/i);
    } finally {
      await site.close();
    }
  });
});
