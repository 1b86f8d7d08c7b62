/**
 * The reminder before the 24-hour promise runs out: a lead still `new`
 * FOLLOW_UP_AFTER_HOURS after it arrived (shortened here to seconds) earns the
 * owner one SMS and one e-mail, through the durable queue: sent once, never
 * after the lead was marked, re-armed when it is marked new again, and still
 * sent after a restart of the server. FOLLOW_UP_AFTER_HOURS=0 turns them off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { pathOf, setAvailability } from '../support/booking';
import { alertEnv, leadSitesPerTest } from '../support/leadSite';
import { postLead } from '../support/leadClient';
import { startServer } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { tempDir } from '../support/tempDirs';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
/** 0.0005 hours: 1.8 seconds. */
const SOON = { FOLLOW_UP_AFTER_HOURS: '0.0005' };
/**
 * 0.0015 hours: 5.4 seconds, for a test that marks through the CLI before the reminder is due: a
 * CLI process started on a loaded machine (two suites and a browser on two cores) took more than
 * 1.8 seconds to mark, and the reminder had gone by then.
 */
const AFTER_CLI = { FOLLOW_UP_AFTER_HOURS: '0.0015' };

const remindersBySms = (twilio: FakeTwilio, name: string) =>
  twilio.messages.filter((m) => m.body.startsWith(`Reminder: ${name},`));
const remindersByMail = (smtp: SmtpSink, name: string) =>
  smtp.messages.filter((m) => m.subject?.startsWith(`Reminder: ${name} (`));

describe('the follow-up reminder', () => {
  it('reaches the owner once by SMS and e-mail for a lead still new, and never for one marked before', async () => {
    const s = await site({ env: AFTER_CLI });
    await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' });
    await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' });
    const marked = await runCli(['mark', '2', 'contacted'], { DATABASE_PATH: s.databasePath });
    assert.equal(marked.code, 0, marked.stderr);
    assert.equal(marked.stdout, 'lead 2: new -> contacted (its reminder is cancelled)\n');

    await waitFor(
      () =>
        remindersBySms(s.twilio, 'Ada Lovelace').length === 1 && remindersByMail(s.smtp, 'Ada Lovelace').length === 1,
      12_000,
      'the reminders',
    );
    await sleep(1000); // a second one, or one for the marked lead, would arrive here
    const [sms] = remindersBySms(s.twilio, 'Ada Lovelace');
    assert.equal(
      sms?.body,
      'Reminder: Ada Lovelace, Engines is still waiting: 23 hours left of the 24-hour promise. Lead #1',
    );
    const [mail] = remindersByMail(s.smtp, 'Ada Lovelace');
    assert.equal(
      mail?.subject,
      'Reminder: Ada Lovelace (Engines) is still waiting: 23 hours left of the 24-hour promise',
    );
    assert.match(
      mail?.text ?? '',
      /Answered\? Mark it as contacted: http:\/\/localhost:3000\/lead-link\?lead=1&action=contacted&/,
    );
    assert.equal(
      remindersBySms(s.twilio, 'Ada Lovelace').length + remindersByMail(s.smtp, 'Ada Lovelace').length,
      2,
      'once each',
    );
    assert.equal(
      remindersBySms(s.twilio, 'Grace Hopper').length + remindersByMail(s.smtp, 'Grace Hopper').length,
      0,
      'none for the marked lead',
    );
  });

  it('is due again when a mark is undone (marked new) while the promise runs', async () => {
    const s = await site({ env: AFTER_CLI });
    await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' });
    const env = { DATABASE_PATH: s.databasePath, ...AFTER_CLI };
    assert.match((await runCli(['mark', '1', 'won'], env)).stdout, /new -> won \(its reminder is cancelled\)/);
    assert.match((await runCli(['mark', '1', 'new'], env)).stdout, /won -> new \(its reminder is due again\)/);
    await waitFor(() => remindersBySms(s.twilio, 'Ada Lovelace').length === 1, 12_000, 'the re-armed reminder');
    const history = s.services.db.prepare('SELECT status, via FROM lead_marks ORDER BY rowid').all();
    assert.deepEqual(
      history,
      [
        { status: 'won', via: 'cli' },
        { status: 'new', via: 'cli' },
      ],
      'each change kept',
    );
  });

  it('is not planned at all with FOLLOW_UP_AFTER_HOURS=0, nor for spam', async () => {
    const off = await site({ env: { FOLLOW_UP_AFTER_HOURS: '0' } });
    await off.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' });
    const spam = await site({ env: SOON });
    await spam.post({ name: 'Bot', company: 'Bots', email: 'bot@example.com', website: 'x' });
    for (const s of [off, spam]) {
      assert.deepEqual(s.services.db.prepare("SELECT channel FROM alerts WHERE channel LIKE 'reminder-%'").all(), []);
    }
  });

  it('refuses a mark it cannot make', async () => {
    const s = await site();
    await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' });
    const bad = await runCli(['mark', '1', 'called'], { DATABASE_PATH: s.databasePath });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /mark needs a status: new, contacted, won, lost \(e\.g\. leads mark 1 contacted\)/);
    const missing = await runCli(['mark', '9', 'won'], { DATABASE_PATH: s.databasePath });
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.trim(), 'No lead with id 9.');
    assert.equal(s.services.db.prepare('SELECT status FROM leads').pluck().get(), 'new');
  });

  it('is not sent for a later lead of a person whose call is still to come, and is once the call is cancelled', async () => {
    const s = await site({ env: AFTER_CLI });
    setAvailability(s, { enabled: 'true', hours: 'mon-sun 00:00-24:00', notice: '3' });
    const first = await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' });
    const path = pathOf(String(first.json.bookingUrl));
    const times = await fetch(`${s.url}${path}`, { headers: { Accept: 'application/json' } });
    const slot = ((await times.json()) as { slots: string[] }).slots[0] as string;
    const booked = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ action: 'book', slot, zone: 'UTC' }),
    });
    assert.equal(booked.status, 200);
    await s.post({ name: 'Ada L.', company: 'Engines, a second question', email: 'ada@example.com' });
    await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' });

    await waitFor(() => remindersBySms(s.twilio, 'Grace Hopper').length === 1, 12_000, "the other person's reminder");
    await sleep(500);
    assert.deepEqual(remindersBySms(s.twilio, 'Ada L.'), []);
    assert.deepEqual(remindersByMail(s.smtp, 'Ada L.'), []);
    const rows = s.services.db
      .prepare("SELECT status, last_error FROM alerts WHERE lead_id = 2 AND channel LIKE 'reminder-%'")
      .all();
    assert.ok(rows.length > 0, 'the later lead had reminders planned');
    for (const row of rows) assert.deepEqual(row, { status: 'cancelled', last_error: 'cancelled: call booked' });

    // The call cancelled, the promise runs again for each of the person's leads: both reminders come.
    const cancelled = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ action: 'cancel', email: 'ada@example.com' }),
    });
    assert.equal(cancelled.status, 200);
    await waitFor(() => remindersBySms(s.twilio, 'Ada L.').length === 1, 12_000, "the later lead's reminder");
    await waitFor(() => remindersBySms(s.twilio, 'Ada Lovelace').length === 1, 12_000, "the first lead's reminder");
  });
});

describe('a reminder and a restart', () => {
  let twilio: FakeTwilio;
  let smtp: SmtpSink;
  before(async () => {
    [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  });
  after(() => Promise.all([twilio.close(), smtp.close()]));

  it('is sent once by the next server when the one that planned it stopped before its time', async () => {
    const dataDir = tempDir('reminder-restart-');
    // 0.001 hours: 3.6 seconds.
    const env = { ...alertEnv(twilio, smtp), FOLLOW_UP_AFTER_HOURS: '0.001' };
    const retry = { baseMs: 100 };
    const first = await startServer({ dataDir, env, retry });
    assert.equal(
      (await postLead(first.url, { name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' })).status,
      200,
    );
    assert.equal(await first.stop(), 0);
    assert.equal(remindersBySms(twilio, 'Ada Lovelace').length, 0, 'not yet');
    await sleep(3_000);
    const second = await startServer({ dataDir, env, retry });
    try {
      await waitFor(
        () => remindersBySms(twilio, 'Ada Lovelace').length === 1 && remindersByMail(smtp, 'Ada Lovelace').length === 1,
        8000,
        'the reminders',
      );
      await sleep(500);
      assert.equal(remindersBySms(twilio, 'Ada Lovelace').length + remindersByMail(smtp, 'Ada Lovelace').length, 2);
    } finally {
      await second.stop();
    }
  });
});
