/**
 * The operator sees and corrects the filter, with the CLI on the database of
 * a running site: `leads spam` lists what was held back, newest first, with
 * why; `leads release ID` makes the lead verified and sends exactly the
 * alerts it missed, once, however often it is run; `list` and `export` show
 * every lead's status, verdict and reasons.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { alertEnv, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const graded = () => site({ env: { LEAD_VERIFICATION: 'proof' } });
const cliOn = (s: LeadSite) => (args: string[]) =>
  runCli(args, { ...alertEnv(s.twilio, s.smtp), DATABASE_PATH: s.databasePath, LEAD_VERIFICATION: 'proof' });

describe('leads spam', () => {
  it('lists the held-back leads newest first, with their reasons, and nothing else', async () => {
    const s = await graded();
    await s.post({ name: 'Bot One', company: 'Bots', email: 'bot1@example.com', website: 'x' });
    await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' }); // unverified, not spam
    await s.post({ name: 'Cheap https://pills.example', company: 'Pills', email: 'pills@example.com' });
    const { code, stdout, stderr } = await cliOn(s)(['spam']);
    assert.equal(code, 0, stderr);
    const lines = stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^id\s+created_at\s+name\s+company\s+email\s+verdict_reasons$/);
    assert.equal(lines.length, 4, stdout);
    assert.match(lines[2] ?? '', /^3\s.*Cheap https:\/\/pills\.example\s+Pills\s+pills@example\.com\s+link-or-tag$/);
    assert.match(lines[3] ?? '', /^1\s.*Bot One\s+Bots\s+bot1@example\.com\s+honeypot$/);
    assert.match((await cliOn(s)(['spam', '--limit', '1'])).stdout, /Cheap/);
    assert.doesNotMatch((await cliOn(s)(['spam', '--limit', '1'])).stdout, /Bot One/);
  });
});

describe('leads release', () => {
  it('sends a spam lead its SMS and e-mail once, and nothing when run again', async () => {
    const s = await graded();
    await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com', website: 'autofilled' });
    await sleep(200);
    assert.equal(s.twilio.requests + s.smtp.connections, 0, 'nothing sent for spam');

    const first = await cliOn(s)(['release', '1']);
    assert.equal(first.code, 0, first.stderr);
    // The reminder too: the lead is still new, and its follow-up time (20 hours) is still to come.
    assert.match(first.stdout, /^lead 1: was spam, now verified\nqueued: sms, email, reminder-sms, reminder-email\n/);
    await waitFor(() => s.twilio.messages.length === 1 && s.smtp.messages.length === 1, 5000, 'the released alerts');
    // The sink has the e-mail a moment before the server records the provider's acceptance.
    await waitFor(
      () => s.rows()[0]?.email_status === 'sent' && s.rows()[0]?.sms_status === 'sent',
      2000,
      'both alerts recorded as sent',
    );
    assert.deepEqual(
      s.rows().map((r) => [r.verdict, r.verdict_reasons, r.sms_status, r.email_status]),
      [['verified', 'honeypot,released', 'sent', 'sent']],
    );
    assert.equal(
      s.smtp.messages[0]?.subject,
      'New lead: Ada Lovelace (Engines)',
      'a verified lead now: no [unverified]',
    );

    const again = await cliOn(s)(['release', '1']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^lead 1: verified already\nqueued: nothing \(no alert was missing\)\n/);
    await sleep(300);
    assert.equal(s.twilio.messages.length, 1, 'one SMS');
    assert.equal(s.smtp.messages.length, 1, 'one e-mail');
  });

  it('sends an unverified lead only the SMS it missed: its e-mail went out already', async () => {
    const s = await graded();
    await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' });
    await waitFor(() => s.smtp.messages.length === 1, 4000, 'the [unverified] e-mail');
    const released = await cliOn(s)(['release', '1']);
    assert.equal(released.code, 0, released.stderr);
    assert.match(
      released.stdout,
      /was unverified, now verified\nqueued: sms\n/,
      'its reminders were queued when it arrived',
    );
    await waitFor(() => s.twilio.messages.length === 1, 5000, 'the SMS');
    await sleep(300);
    assert.equal(s.smtp.messages.length, 1, 'the e-mail was not sent again');
    assert.equal(s.rows()[0]?.verdict_reasons, 'no-proof,released');
  });

  it('run where the providers are not configured, queues the alerts for the running server, which sends them', async () => {
    const s = await graded();
    await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com', website: 'autofilled' });
    const released = await runCli(['release', '1'], { DATABASE_PATH: s.databasePath });
    assert.equal(released.code, 0, released.stderr);
    assert.match(released.stdout, /queued: sms, email\n/);
    assert.match(released.stdout, /not configured here \(alerts stay queued for the server\): sms, email/);
    await waitFor(
      () => s.twilio.messages.length === 1 && s.smtp.messages.length === 1,
      5000,
      'the server to send them',
    );
    await waitFor(
      () => s.rows()[0]?.email_status === 'sent' && s.rows()[0]?.sms_status === 'sent',
      2000,
      'both alerts recorded as sent',
    );
    assert.deepEqual(
      s.rows().map((r) => [r.sms_status, r.email_status]),
      [['sent', 'sent']],
    );
  });

  it('says so when there is no such lead, or no id', async () => {
    const s = await graded();
    await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' });
    const missing = await cliOn(s)(['release', '99']);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.trim(), 'No lead with id 99.');
    const noId = await cliOn(s)(['release']);
    assert.equal(noId.code, 1);
    assert.match(noId.stderr, /release needs a lead id/);
    assert.match(
      (await cliOn(s)(['release', 'two'])).stderr,
      /The lead id must be a whole number of at least 1 \(got "two"\)/,
    );
  });
});

describe('list and export show the verdict', () => {
  it("with the lead's status, before the owner's alerts", async () => {
    const s = await graded();
    await s.post({ name: 'Bot', company: 'Bots', email: 'bot@example.com', website: 'x' });
    const list = await cliOn(s)(['list']);
    assert.match(
      list.stdout.split('\n')[0] ?? '',
      /^id\s+created_at\s+name\s+company\s+email\s+language\s+status\s+verdict\s+sms_status\s+email_status\s+verdict_reasons$/,
    );
    assert.match(list.stdout.split('\n')[2] ?? '', /Bot\s+Bots\s+bot@example\.com\s+en\s+new\s+spam\s+honeypot$/);
    const [exported] = JSON.parse((await cliOn(s)(['export', '--format', 'json'])).stdout) as Record<string, unknown>[];
    assert.deepEqual(Object.keys(exported ?? {}).slice(4, 9), [
      'email',
      'language',
      'status',
      'verdict',
      'verdict_reasons',
    ]);
    assert.equal(exported?.verdict, 'spam');
    assert.equal(exported?.verdict_reasons, 'honeypot');
    assert.match(
      (await cliOn(s)(['export'])).stdout.split('\r\n')[0] ?? '',
      /^"id","created_at","name","company","email","language","status","verdict","verdict_reasons",/,
    );
  });
});
