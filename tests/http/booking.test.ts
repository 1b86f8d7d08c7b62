/**
 * A call booked through the site, end to end on the real server: the lead's answer carries its booking link; the
 * page offers exactly the times the rules give (his hours in his time zone, notice, horizon, buffer, his calendar's
 * busy times); booking sends both an invite (REQUEST, the same UID, the visitor attending with RSVP), the owner an
 * SMS and the webhook `booking.created`, and cancels the lead's reminders; moving raises the SEQUENCE; cancelling
 * sends METHOD:CANCEL to both and frees the time. Providers are the local stand-ins; the clock is the real one
 * (webhook signatures are checked against it).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CLI } from '../../src/ownerActions/activity';
import { inviteOf, pathOf, setAvailability } from '../support/booking';
import { calendar, type IcsFeed, startIcsFeed, vevent } from '../support/icsFeed';
import { runCli } from '../support/cli';
import { alertEnv, type LeadSite, startLeadSite } from '../support/leadSite';
import { waitFor } from '../support/waitFor';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
// America/Sao_Paulo keeps UTC-3 all year: his 08:00-20:00 is 11:00-23:00 UTC.
const SAO_PAULO = -3 * HOUR;
const KOLKATA = 5.5 * HOUR;
/** "Tue 1 Dec, 23:30 (Asia/Kolkata)": how the visitor's e-mail writes a time for a visitor who booked in Kolkata. */
function kolkataWords(iso: string): string {
  const local = new Date(Date.parse(iso) + KOLKATA);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][local.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    local.getUTCMonth()
  ];
  const time = local.toISOString().slice(11, 16);
  return `${weekday} ${local.getUTCDate()} ${month}, ${time} (Asia/Kolkata)`;
}

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The free times the stated rules give, worked out here: every :00 and :30 from 08:00 to 19:30 his time. */
function expectedSlots(now: number, busy: { start: number; end: number }[], booked: { start: number; end: number }[]) {
  const localToday = Math.floor((now + SAO_PAULO) / DAY) * DAY;
  const horizon = localToday + 15 * DAY - SAO_PAULO; // the end of the day 14 days after today, his time
  const slots: string[] = [];
  for (let day = localToday; day < localToday + 16 * DAY; day += DAY)
    for (let minute = 8 * 60; minute + 30 <= 20 * 60; minute += 30) {
      const start = day + minute * MIN - SAO_PAULO;
      const end = start + 30 * MIN;
      if (start < now + 12 * HOUR || start > horizon) continue;
      const clash = [...busy, ...booked].some((b) => start - 15 * MIN < b.end && b.start < end + 15 * MIN);
      if (!clash) slots.push(new Date(start).toISOString());
    }
  return slots;
}

describe('a call booked on the site', () => {
  let site: LeadSite;
  let feed: IcsFeed;
  let receiver: WebhookReceiver;
  const busyStart = Math.floor(Date.now() / DAY) * DAY + 2 * DAY + 15 * HOUR; // the day after tomorrow, 15:00 UTC
  const busy = [{ start: busyStart, end: busyStart + HOUR }];

  before(async () => {
    feed = await startIcsFeed(calendar(vevent(`DTSTART:${stamp(busyStart)}`, `DTEND:${stamp(busyStart + HOUR)}`)));
    receiver = await startWebhookReceiver();
    site = await startLeadSite({
      publicOrigin: true,
      env: {
        OWNER_TIME_ZONE: 'America/Sao_Paulo',
        OWNER_NAME: 'Anna Berg',
        CONTACT_EMAIL: 'anna@anna.example',
        WEBHOOK_URL: `${receiver.url}/hook`,
        WEBHOOK_SECRET: receiver.secret,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        FOLLOW_UP_AFTER_HOURS: '20',
      },
    });
    setAvailability(site, {
      enabled: 'true',
      hours: 'mon-sun 08:00-20:00',
      'meeting-url': 'https://meet.example.com/anna',
      'feed-url': feed.feedUrl,
    });
  });
  after(async () => {
    await site.close();
    await Promise.all([feed.close(), receiver.close()]);
  });

  const slotsOf = async (path: string) => {
    const res = await fetch(`${site.url}${path}`, { headers: { Accept: 'application/json' } });
    assert.equal(res.status, 200);
    return ((await res.json()) as { slots: string[] }).slots;
  };
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.url },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
  const mailsTo = (address: string) => site.smtp.messages.filter((m) => m.to.includes(address));

  it('books, moves and cancels, telling both sides each time', async () => {
    const answer = await site.post({ name: 'Ana Souza', company: 'Fintech Ltda', email: 'ana@fintech.example' });
    assert.equal(answer.status, 200);
    const bookingUrl = String(answer.json.bookingUrl);
    assert.match(bookingUrl, new RegExp(`^${site.url}/book/\\d+\\.\\d+\\.[\\w-]{43}$`));
    const path = pathOf(bookingUrl);

    const offered = await slotsOf(path);
    assert.deepEqual(offered, expectedSlots(Date.now(), busy, []));
    const first = offered[0] as string;

    // Picking a time asks to confirm it; only the POST books.
    const confirm = await fetch(`${site.url}${path}?slot=${encodeURIComponent(first)}&zone=Asia/Kolkata`);
    assert.equal(confirm.status, 200);
    assert.match(await confirm.text(), /Confirm your call[\s\S]*\(Asia\/Kolkata\)[\s\S]*Book this time/);
    assert.equal(site.services.bookings.ofLead(1), undefined);

    const booked = await post(path, { action: 'book', slot: first, zone: 'Asia/Kolkata' });
    assert.equal(booked.status, 200);
    assert.match(await booked.text(), /Your call is booked for .*\(Asia\/Kolkata\)/);
    await waitFor(() => mailsTo('ana@fintech.example').length === 1 && mailsTo('owner@example.com').length === 2);
    const visitorInvite = await inviteOf(mailsTo('ana@fintech.example')[0] as never);
    // The e-mail says the time on the clock of the zone the visitor booked in: Kolkata is UTC+5:30 all year.
    const subject = mailsTo('ana@fintech.example')[0]?.subject ?? '';
    assert.ok(subject.startsWith('Your call with ') && subject.endsWith(`: ${kolkataWords(first)}`), subject);
    assert.equal(visitorInvite.method, 'REQUEST');
    assert.equal(visitorInvite.start, first);
    assert.equal(visitorInvite.end, new Date(Date.parse(first) + 30 * MIN).toISOString());
    assert.equal(visitorInvite.sequence, 0);
    assert.equal(visitorInvite.attendee, 'mailto:ana@fintech.example');
    assert.equal(visitorInvite.rsvp, 'TRUE');
    // The organizer is CONTACT_EMAIL with the owner's name.
    assert.equal(visitorInvite.organizer, 'mailto:anna@anna.example');
    assert.equal(visitorInvite.organizerName, 'Anna Berg');
    assert.equal(visitorInvite.location, 'https://meet.example.com/anna');
    assert.match(visitorInvite.description, /https:\/\/meet\.example\.com\/anna/);
    const ownerInvite = await inviteOf(mailsTo('owner@example.com')[1] as never);
    assert.equal(ownerInvite.uid, visitorInvite.uid);
    assert.equal(ownerInvite.method, 'REQUEST');
    await waitFor(() => site.twilio.messages.some((m) => /^Booked: /.test(m.body)));
    await waitFor(() => receiver.events.some((e) => e.type === 'booking.created'));
    const created = receiver.events.find((e) => e.type === 'booking.created');
    assert.equal((created?.data.booking as { starts_at?: string } | undefined)?.starts_at, first);
    const reminders = site.services.db
      .prepare("SELECT channel, status FROM alerts WHERE lead_id = 1 AND channel LIKE 'reminder-%'")
      .all() as { status: string }[];
    assert.ok(reminders.length > 0, 'the lead had reminders');
    assert.ok(
      reminders.every((r) => r.status === 'cancelled'),
      'a booked call keeps the promise: no reminder',
    );
    // The booked time is no longer offered to anyone else, nor are its neighbours within the buffer.
    const other = await site.post({ name: 'Bea Lima', company: 'Loja', email: 'bea@loja.example' });
    const booking = { start: Date.parse(first), end: Date.parse(first) + 30 * MIN };
    assert.deepEqual(await slotsOf(pathOf(String(other.json.bookingUrl))), expectedSlots(Date.now(), busy, [booking]));

    // Moving: the same UID, the SEQUENCE raised, both told.
    const second = offered[3] as string;
    const moved = await post(path, { action: 'book', slot: second, zone: 'UTC', email: 'ana@fintech.example' });
    assert.equal(moved.status, 200);
    assert.match(await moved.text(), /Your call is now on/);
    await waitFor(() => mailsTo('ana@fintech.example').length === 2);
    const movedInvite = await inviteOf(mailsTo('ana@fintech.example')[1] as never);
    assert.match(mailsTo('ana@fintech.example')[1]?.subject ?? '', /, \d\d:\d\d \(UTC\)$/, 'moved from a page in UTC');
    assert.deepEqual([movedInvite.uid, movedInvite.sequence, movedInvite.start], [visitorInvite.uid, 1, second]);
    await waitFor(() => receiver.events.some((e) => e.type === 'booking.moved'));
    assert.equal(site.services.bookings.ofLead(1)?.status, 'booked');

    // Cancelling: METHOD:CANCEL with the same UID to both, and the time is free again.
    const cancelled = await post(path, { action: 'cancel', zone: 'UTC', email: 'ana@fintech.example' });
    assert.equal(cancelled.status, 200);
    assert.match(await cancelled.text(), /Your call is cancelled/);
    await waitFor(() => mailsTo('ana@fintech.example').length === 3 && mailsTo('owner@example.com').length === 5);
    const cancel = await inviteOf(mailsTo('ana@fintech.example')[2] as never);
    const ownerCancel = await inviteOf(mailsTo('owner@example.com')[4] as never);
    for (const invite of [cancel, ownerCancel]) {
      assert.equal(invite.method, 'CANCEL');
      assert.equal(invite.uid, visitorInvite.uid);
      assert.equal(invite.sequence, 2);
      assert.equal(invite.status, 'CANCELLED');
    }
    const ownerCancelMail = mailsTo('owner@example.com')[4]?.text ?? '';
    assert.ok(ownerCancelMail.startsWith('A visitor cancelled their call.\n'), ownerCancelMail);
    await waitFor(() => receiver.events.some((e) => e.type === 'booking.cancelled'));
    const cancelledEvent = receiver.events.find((e) => e.type === 'booking.cancelled');
    assert.equal((cancelledEvent?.data.booking as { cancelled_by?: string } | undefined)?.cancelled_by, 'visitor');
    assert.ok((await slotsOf(path)).includes(second), 'the cancelled time is offered again');
    const remindersAgain = site.services.db
      .prepare("SELECT status FROM alerts WHERE lead_id = 1 AND channel LIKE 'reminder-%'")
      .pluck()
      .all();
    assert.ok(
      remindersAgain.every((status) => status === 'pending'),
      'with the call cancelled, the promise runs again: so do its reminders',
    );

    // Booking again after the cancel: the same event brought back (its UID, a higher SEQUENCE), so a calendar
    // that still holds the cancelled version updates it rather than keeping two.
    const again = await post(path, { action: 'book', slot: second, zone: 'UTC' });
    assert.equal(again.status, 200);
    assert.match(await again.text(), /Your call is booked for /);
    await waitFor(() => mailsTo('ana@fintech.example').length === 4);
    const rebooked = await inviteOf(mailsTo('ana@fintech.example')[3] as never);
    assert.deepEqual(
      [rebooked.method, rebooked.uid, rebooked.sequence, rebooked.status, rebooked.start],
      ['REQUEST', visitorInvite.uid, 3, 'CONFIRMED', second],
    );
    // The operator sees the call's alerts in `leads status`, by channel.
    await waitFor(() => mailsTo('owner@example.com').length === 6);
    const status = await runCli(['status'], { ...alertEnv(site.twilio, site.smtp), DATABASE_PATH: site.databasePath });
    assert.equal(status.code, 0, status.stderr);
    for (const channel of ['booking-invite', 'booking-email', 'booking-sms'])
      assert.match(status.stdout, new RegExp(`${channel}\\s+sent\\s+1\\n`), status.stdout);
    await waitFor(() => receiver.events.filter((e) => e.type === 'booking.created').length === 2);
    const recreated = receiver.events.filter((e) => e.type === 'booking.created')[1];
    assert.deepEqual(recreated?.data.booking, {
      uid: visitorInvite.uid,
      starts_at: second,
      ends_at: new Date(Date.parse(second) + 30 * MIN).toISOString(),
      status: 'booked',
      sequence: 3,
    });
  });

  it("erasing a person cancels their future call: the owner's calendar is told, the person gets nothing more", async () => {
    const email = 'dora@erase.example';
    const answer = await site.post({ name: 'Dora Erase', company: 'Gone Ltd', email });
    const path = pathOf(String(answer.json.bookingUrl));
    const slot = (await slotsOf(path))[1] as string;
    assert.equal((await post(path, { action: 'book', slot, zone: 'UTC' })).status, 200);
    await waitFor(() => mailsTo(email).length === 1, 5_000, 'the invite');
    // His invite is sent on its own channel: counted before it arrived, it would pass for the cancel.
    const ownersInvite = (m: { subject?: string }) => /^Booked: .*Dora Erase/.test(m.subject ?? '');
    await waitFor(() => mailsTo('owner@example.com').some(ownersInvite), 5_000, "the owner's invite");
    const ownerBefore = mailsTo('owner@example.com').length;
    const erased = await site.services.owner.leads.erasePerson({ via: 'cli' }, email);
    assert.equal(erased.leads, 1);
    assert.deepEqual(erased.calls, [{ startsAt: slot, ownerTold: true }]);
    await waitFor(() => mailsTo('owner@example.com').length === ownerBefore + 1);
    const cancel = await inviteOf(mailsTo('owner@example.com').at(-1) as never);
    const invite = await inviteOf(mailsTo(email)[0] as never);
    assert.deepEqual([cancel.method, cancel.uid, cancel.sequence], ['CANCEL', invite.uid, 1]);
    const bookingOf = (e: { data: { booking?: unknown } }) =>
      e.data.booking as { uid?: string; cancelled_by?: string } | undefined;
    const told = mailsTo('owner@example.com').at(-1)?.text ?? '';
    assert.ok(told.startsWith('This call was cancelled because the person was erased;'), told);
    await waitFor(() =>
      receiver.events.some(
        (e) => e.type === 'booking.cancelled' && (e.data.booking as { uid: string }).uid === invite.uid,
      ),
    );
    const event = receiver.events.find((e) => e.type === 'booking.cancelled' && bookingOf(e)?.uid === invite.uid);
    assert.equal(event && bookingOf(event)?.cancelled_by, 'erasure');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(mailsTo(email).length, 1, 'the erased person gets nothing more');
    assert.equal(site.services.db.prepare('SELECT COUNT(*) FROM bookings WHERE uid = ?').pluck().get(invite.uid), 0);
    const link = await fetch(`${site.url}${path}`);
    assert.equal(link.status, 403, "the erased person's link opens nothing");
    assert.match(await link.text(), /This booking link is not valid/);
    const another = await site.post({ name: 'Eve', company: 'E', email: 'eve@e.example' });
    assert.ok((await slotsOf(pathOf(String(another.json.bookingUrl)))).includes(slot), 'the time is free again');
  });

  it("says when the owner could not be told of an erased person's call, and erases them all the same", async () => {
    const email = 'fay@erase.example';
    const answer = await site.post({ name: 'Fay Erase', company: 'Gone Ltd', email });
    const path = pathOf(String(answer.json.bookingUrl));
    const slot = (await slotsOf(path))[2] as string;
    assert.equal((await post(path, { action: 'book', slot, zone: 'UTC' })).status, 200);
    await waitFor(() => mailsTo(email).length === 1, 5_000, 'the invite');
    site.smtp.setMode('reject');
    try {
      const erased = await site.services.owner.leads.erasePerson({ via: 'cli' }, email);
      assert.equal(erased.leads, 1);
      assert.deepEqual(erased.calls, [{ startsAt: slot, ownerTold: false }]);
      assert.equal(site.rows().filter((row) => row.email === email).length, 0);
    } finally {
      site.smtp.setMode('up');
    }
  });

  it('sends a new meeting link to the calls booked: both invitations updated, nothing on his phone or the webhook', async () => {
    const email = 'ines@room.example';
    const path = pathOf(String((await site.post({ name: 'Ines Room', company: 'Room Co', email })).json.bookingUrl));
    const slot = (await slotsOf(path))[3] as string;
    assert.equal((await post(path, { action: 'book', slot, zone: 'UTC' })).status, 200);
    // His invites (not the new lead's alert, which names Ines too).
    const ownersMails = () =>
      mailsTo('owner@example.com').filter((m) => /^(Booked|New link): .*Ines Room/.test(m.subject ?? ''));
    await waitFor(() => mailsTo(email).length === 1 && ownersMails().length === 1, 5_000, 'both invites');
    const texts = () => site.twilio.messages.filter((m) => /Ines Room/.test(m.body)).length;
    await waitFor(() => site.twilio.messages.some((m) => /^Booked: [\s\S]*Ines Room/.test(m.body)), 5_000, 'his SMS');
    const first = await inviteOf(mailsTo(email)[0] as never);
    const events = () => receiver.events.filter((e) => (e.data.booking as { uid?: string })?.uid === first.uid).length;
    await waitFor(() => events() === 1, 5_000, 'the webhook event');
    const [textsBefore, eventsBefore] = [texts(), events()];
    const calls = site.services.db
      .prepare("SELECT COUNT(*) FROM bookings WHERE status = 'booked' AND starts_at > ?")
      .pluck()
      .get(new Date().toISOString());

    const changed = site.services.owner.booking.set(CLI, 'meeting-url', 'https://meet.example.com/anna-2');
    assert.equal(
      changed.kind === 'set' ? changed.notice : changed.error,
      `The ${calls} calls already booked get an updated invitation with the new link, for you and each visitor.`,
    );
    await waitFor(() => mailsTo(email).length === 2 && ownersMails().length === 2, 5_000, 'both updated invites');
    const visitorMail = mailsTo(email)[1];
    assert.match(visitorMail?.subject ?? '', /^New link to join your call with Anna Berg: /);
    assert.match(
      visitorMail?.text ?? '',
      /The link to join your call has changed: the new one is below\. The time stays the same\.[\s\S]*Join the call: https:\/\/meet\.example\.com\/anna-2/,
    );
    const ownerMail = ownersMails()[1];
    assert.match(ownerMail?.subject ?? '', /^New link: /);
    assert.match(ownerMail?.text ?? '', /^You changed your meeting link: this is the call's updated invitation\./);
    for (const mail of [visitorMail, ownerMail]) {
      const updated = await inviteOf(mail as never);
      assert.deepEqual(
        [updated.method, updated.uid, updated.sequence, updated.start, updated.location],
        ['REQUEST', first.uid, first.sequence + 1, slot, 'https://meet.example.com/anna-2'],
      );
    }
    // His phone and the webhook heard of the booking once; a change he made himself is not news to them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual([texts(), events()], [textsBefore, eventsBefore]);
  });

  it('offers no time, and says so, while his calendar cannot be read and no copy of it is kept', async () => {
    feed.fail(500);
    setAvailability(site, { 'feed-url': `${feed.feedUrl}?another` });
    const answer = await site.post({ name: 'Caio Reis', company: 'Reis SA', email: 'caio@reis.example' });
    const path = pathOf(String(answer.json.bookingUrl));
    assert.equal(await slotsOf(path), 'unavailable');
    const page = await (await fetch(`${site.url}${path}`)).text();
    assert.match(page, /The calendar cannot be read right now, so no time is offered/);
  });
});
