/**
 * Follow-ups (the owner's reminders, the visitor's auto-reply) are for a lead
 * still new, through the real site and CLI against the fakes: a mark cancels a
 * reminder even while its attempt is under way, and that attempt's failure
 * does not bring it back; a follow-up whose lead was marked behind the
 * server's back is cancelled when its attempt comes, its provider never
 * called; and `leads retry` does not revive the failed follow-ups of a lead
 * already contacted, while it still retries the lead's owner alert.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { runCli } from '../support/cli';
import { startHeldSmtp, type HeldSmtp } from '../support/heldSmtp';
import { ALERT_EMAIL_TO, alertEnv, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
/** Reminders 0.0005 hours (1.8 seconds) after the lead; retries 100 ms apart. */
const SOON = { FOLLOW_UP_AFTER_HOURS: '0.0005' };
const REPLY = { LEAD_AUTO_REPLY: 'true', CONTACT_EMAIL: 'anna@volkova.example' };
const ADA = { name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' };

const alertsOf = (s: LeadSite, channels: string[]) =>
  s.services.db
    .prepare(
      `SELECT channel, status, attempts, last_error, lease_until FROM alerts
       WHERE lead_id = 1 AND channel IN (SELECT value FROM json_each(?)) ORDER BY channel`,
    )
    .all(JSON.stringify(channels)) as {
    channel: string;
    status: string;
    attempts: number;
    last_error: string;
    lease_until: string | null;
  }[];
const REMINDERS = ['reminder-email', 'reminder-sms'];
const isReminder = (text: string | undefined) => text?.startsWith('Reminder: Ada Lovelace') === true;

describe('a reminder under way when its lead is marked', () => {
  let smtp: HeldSmtp;
  before(async () => (smtp = await startHeldSmtp()));
  after(() => smtp.close());

  it('is cancelled by the mark, stays cancelled when its attempt fails, and is never delivered', async () => {
    const s = await site({ env: { ...SOON, SMTP_URL: smtp.url } });
    await s.post(ADA);
    await waitFor(() => s.twilio.messages.length === 1 && smtp.accepted.length === 1, 5000, "the owner's alerts");
    await s.twilio.setMode('hang');
    smtp.hold();
    await waitFor(() => s.twilio.requests === 2 && smtp.waiting() === 1, 6000, 'both reminders under way');
    const leased = alertsOf(s, REMINDERS).map((r) => r.lease_until);
    assert.ok(
      leased.every((at) => at !== null),
      'both leased',
    );

    const outcome = s.services.owner.leads.mark({ via: 'cli' }, 1, 'contacted');
    assert.deepEqual(outcome, { kind: 'marked', previous: 'new', remindersCancelled: 2, remindersRearmed: 0 });
    const cancelled = alertsOf(s, REMINDERS).map(({ channel, status, last_error, lease_until }) => ({
      channel,
      status,
      last_error,
      lease_until,
    }));
    assert.deepEqual(cancelled, [
      {
        channel: 'reminder-email',
        status: 'cancelled',
        last_error: 'cancelled: lead marked contacted',
        lease_until: leased[0],
      },
      {
        channel: 'reminder-sms',
        status: 'cancelled',
        last_error: 'cancelled: lead marked contacted',
        lease_until: leased[1],
      },
    ]);

    // The attempts under way fail (Twilio 500, SMTP 451); the providers then accept whatever comes.
    await s.twilio.setMode('fail500');
    smtp.answer451();
    await waitFor(() => s.services.runner.inFlight() === 0, 5000, 'the attempts to end');
    await s.twilio.setMode('up');
    smtp.accept();
    await sleep(1500); // retries 100, 200, 400 ms apart would have run here
    assert.deepEqual(
      alertsOf(s, REMINDERS).map((r) => [r.channel, r.status, r.attempts, r.last_error]),
      [
        ['reminder-email', 'cancelled', 1, 'cancelled: lead marked contacted'],
        ['reminder-sms', 'cancelled', 1, 'cancelled: lead marked contacted'],
      ],
    );
    assert.equal(s.twilio.requests, 2, 'no second reminder attempt');
    assert.equal(s.twilio.messages.filter((m) => isReminder(m.body)).length, 0);
    assert.equal(smtp.accepted.filter((m) => isReminder(m.subject)).length, 0);
  });
});

describe('a follow-up whose lead was marked behind the server', () => {
  it('is cancelled when its attempt comes, without calling its provider', async () => {
    const s = await site({ env: { ...SOON, ...REPLY } });
    s.smtp.setMode('reject'); // the auto-reply and the owner's e-mail fail, and are retried, until the end
    await s.post(ADA);
    // Another process (a second server, the sqlite3 shell) marks the lead; nothing here cancels its alerts.
    const other = new Database(s.databasePath);
    other.prepare("UPDATE leads SET status = 'contacted' WHERE id = 1").run();
    other.close();

    const channels = ['reminder-email', 'reminder-sms', 'reply'];
    await waitFor(
      () => alertsOf(s, channels).every((r) => r.status === 'cancelled'),
      6000,
      'the follow-ups to be cancelled',
    );
    s.smtp.setMode('up');
    await waitFor(() => s.smtp.messages.some((m) => m.to.includes(ALERT_EMAIL_TO)), 5000, "the owner's e-mail");
    await sleep(500);
    assert.deepEqual(
      alertsOf(s, REMINDERS).map((r) => [r.channel, r.status, r.attempts, r.last_error]),
      [
        ['reminder-email', 'cancelled', 0, 'cancelled: lead marked contacted'],
        ['reminder-sms', 'cancelled', 0, 'cancelled: lead marked contacted'],
      ],
      'never claimed, so never sent',
    );
    assert.equal(alertsOf(s, ['reply'])[0]?.last_error, 'cancelled: lead marked contacted');
    assert.equal(s.twilio.requests, 1, 'only the instant SMS reached Twilio');
    assert.deepEqual(
      s.smtp.messages.map((m) => m.to),
      [[ALERT_EMAIL_TO]],
      "only the owner's alert e-mail",
    );
  });
});

describe('leads retry and a contacted lead', () => {
  it('leaves its failed reminder and reply as they were, and requeues its failed owner alert', async () => {
    const env = { ...SOON, ...REPLY };
    const s = await site({ env, retry: { maxAttempts: 1 } });
    s.smtp.setMode('reject'); // every e-mail fails for good at its one attempt
    await s.post(ADA);
    const channels = ['email', 'reminder-email', 'reply'];
    await waitFor(() => alertsOf(s, channels).every((r) => r.status === 'failed'), 6000, 'the e-mails to fail');
    const cli = { ...alertEnv(s.twilio, s.smtp), ...env, DATABASE_PATH: s.databasePath };
    const marked = await runCli(['mark', '1', 'contacted'], cli);
    assert.equal(marked.stdout, 'lead 1: new -> contacted\n', marked.stderr);
    const failed = alertsOf(s, ['reminder-email', 'reply']);
    s.smtp.setMode('up');

    const retry = await runCli(['retry'], cli);
    assert.equal(retry.code, 0, retry.stderr);
    assert.match(retry.stdout, /^requeued: sms 0, email 1$/m);
    assert.match(retry.stdout, /^left failed \(their lead is no longer new\): reminder-email 1, reply 1$/m);
    assert.match(retry.stdout, /^sent now: sms 0, email 1/m);
    await sleep(1000); // the server's worker would send anything requeued here
    assert.deepEqual(alertsOf(s, ['reminder-email', 'reply']), failed, 'as they were');
    assert.equal(alertsOf(s, ['email'])[0]?.status, 'sent');
    assert.deepEqual(
      s.smtp.messages.map((m) => m.to),
      [[ALERT_EMAIL_TO]],
      "the owner's alert only: no reminder, no reply",
    );
  });
});
