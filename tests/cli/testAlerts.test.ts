/**
 * Alerts proven at deploy time. `leads test-alerts` sends one test on every
 * configured channel (SMS, e-mail, Telegram, ntfy, a webhook event of type
 * `test`), prints each provider's answer, stores nothing, and exits 0 only
 * when every configured channel accepted. It also reads the DNS of the alert
 * mail's From domain (here from a local DNS server) and warns of what would
 * send the alerts to junk. And a provider setting the provider would refuse
 * stops the server (and the CLI) at start with one line naming the variable.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { type FakeDns, startFakeDns } from '../support/fakeDns';
import { startOwnerChannels } from '../support/ownerChannels';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { ALERT_EMAIL_TO, ALERT_SMS_TO, alertEnv } from '../support/leadSite';
import { openDatabase } from '../../src/storage/database';
import { runServerToExit } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { tempDir } from '../support/tempDirs';

let twilio: FakeTwilio;
let smtp: SmtpSink;
let dns: FakeDns;
/** example.com as a careful sender publishes it: SPF ending in -all, and DMARC. */
const SOUND_DOMAIN = {
  'example.com': ['v=spf1 include:_spf.example.net -all'],
  '_dmarc.example.com': ['v=DMARC1; p=reject'],
};
before(async () => {
  [twilio, smtp, dns] = await Promise.all([startFakeTwilio(), startSmtpSink(), startFakeDns(SOUND_DOMAIN)]);
});
after(() => Promise.all([twilio.close(), smtp.close(), dns.close()]));

/** A database with every table and no lead, for `status`. */
function emptyDatabase(): string {
  const path = join(tempDir('status-'), 'leads.db');
  openDatabase(path).close();
  return path;
}

/** A database path that does not exist: test-alerts must not need, nor create, one. */
const nowhere = () => join(tempDir('test-alerts-'), 'data', 'leads.db');
const testAlerts = (env: Record<string, string>) =>
  runCli(['test-alerts'], { PUBLIC_URL: 'https://anna.example', DNS_SERVERS: dns.server, ...env });
const NOT_CONFIGURED = ['telegram', 'ntfy', 'webhook']
  .map((ch) => `${ch}: not configured (see .env.example)\n`)
  .join('');

describe('leads test-alerts', () => {
  it('sends one test SMS and one test e-mail to the owner, prints the ids, stores nothing, exits 0', async () => {
    const databasePath = nowhere();
    const [sms, mails] = [twilio.messages.length, smtp.messages.length];
    const { code, stdout, stderr } = await testAlerts({ ...alertEnv(twilio, smtp), DATABASE_PATH: databasePath });
    assert.equal(code, 0, stderr);
    const text = twilio.messages.at(-1);
    const mail = smtp.messages.at(-1);
    assert.equal(twilio.messages.length, sms + 1);
    assert.equal(smtp.messages.length, mails + 1);
    assert.equal(
      stdout,
      `sms: accepted, message id ${text?.sid}\nemail: accepted, message id ${mail?.messageId}\n${NOT_CONFIGURED}`,
    );
    assert.equal(stderr, '', 'no warning about a sound mail domain');
    assert.equal(text?.to, ALERT_SMS_TO);
    assert.equal(text?.body, 'Test alert from https://anna.example: SMS alerts work. No lead is involved.');
    assert.deepEqual(mail?.to, [ALERT_EMAIL_TO]);
    assert.equal(mail?.subject, 'Test alert: e-mail alerts work');
    assert.equal(existsSync(databasePath), false, 'no database was created, so nothing was stored');
  });

  it('exits 1 naming the channel whose provider did not accept, and still tries the other', async () => {
    await twilio.setMode('down');
    try {
      const mails = smtp.messages.length;
      const { code, stdout, stderr } = await testAlerts({ ...alertEnv(twilio, smtp), DATABASE_PATH: nowhere() });
      assert.equal(code, 1);
      assert.match(stdout, /^sms: FAILED: .*ECONNREFUSED/m);
      assert.match(stdout, /^email: accepted, message id </m);
      assert.equal(stderr.trim(), 'These channels did not accept the test: sms.');
      assert.equal(smtp.messages.length, mails + 1);
    } finally {
      await twilio.setMode('up');
    }
    smtp.setMode('reject');
    try {
      const { code, stdout, stderr } = await testAlerts({ ...alertEnv(twilio, smtp), DATABASE_PATH: nowhere() });
      assert.equal(code, 1);
      assert.match(stdout, /^sms: accepted/m);
      assert.match(stdout, /^email: FAILED: .*550/m);
      assert.equal(stderr.trim(), 'These channels did not accept the test: email.');
    } finally {
      smtp.setMode('up');
    }
  });

  it('says which channel is not configured, and fails when none is', async () => {
    const { SMTP_URL, ALERT_EMAIL_TO: to, ALERT_EMAIL_FROM, ...smsOnly } = alertEnv(twilio, smtp);
    const one = await testAlerts({ ...smsOnly, DATABASE_PATH: nowhere() });
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, /^email: not configured/m);
    const none = await testAlerts({ DATABASE_PATH: nowhere() });
    assert.equal(none.code, 1);
    assert.equal(none.stderr.trim(), 'No alert channel is configured: nothing was tested.');
    void [SMTP_URL, to, ALERT_EMAIL_FROM];
  });
});

describe('leads test-alerts on every channel', () => {
  it('tests Telegram, ntfy and the webhook too, and names each channel that did not accept', async () => {
    const c = await startOwnerChannels();
    try {
      const env = { ...alertEnv(twilio, smtp), ...c.env, DATABASE_PATH: nowhere() };
      const ok = await testAlerts(env);
      assert.equal(ok.code, 0, ok.stderr);
      assert.match(ok.stdout, /^telegram: accepted, message id 1$/m);
      assert.match(ok.stdout, /^ntfy: accepted, message id n1$/m);
      assert.match(ok.stdout, /^webhook: accepted, message id msg_test_\d+$/m);
      assert.equal(
        c.telegram.messages[0]?.text.includes('Test alert from https://anna.example: Telegram alerts work'),
        true,
      );
      assert.equal(c.ntfy.notifications[0]?.title, 'Test alert: ntfy alerts work');
      assert.deepEqual(
        c.webhook.events.map((e) => [e.type, e.data]),
        [['test', { message: 'Test event from https://anna.example' }]],
      );

      c.telegram.failing = true;
      c.webhook.answer = 'fail500';
      const failed = await testAlerts(env);
      assert.equal(failed.code, 1, failed.stderr);
      assert.match(failed.stdout, /^telegram: FAILED: HTTP 500: Telegram: Internal Server Error$/m);
      assert.match(failed.stdout, /^webhook: FAILED: HTTP 500: the endpoint did not answer 2xx$/m);
      assert.match(failed.stdout, /^ntfy: accepted/m);
      assert.equal(failed.stderr.trim(), 'These channels did not accept the test: telegram, webhook.');
    } finally {
      await c.close();
    }
  });
});

describe('the alert mail domain, in test-alerts and status', () => {
  const cases: [string, string, Record<string, string[]>, RegExp][] = [
    [
      'no SPF record',
      'alerts@nospf.example',
      { '_dmarc.nospf.example': ['v=DMARC1; p=none'] },
      /nospf\.example: no SPF record/,
    ],
    [
      'an SPF record ending in +all',
      'alerts@open.example',
      { 'open.example': ['v=spf1 +all'], '_dmarc.open.example': ['v=DMARC1; p=none'] },
      /open\.example: the SPF record ends in "\+all"/,
    ],
    [
      'no DMARC record',
      'alerts@nodmarc.example',
      { 'nodmarc.example': ['v=spf1 -all'] },
      /nodmarc\.example: no DMARC record/,
    ],
    ['a free-mail From', 'Anna <anna.owner@gmail.com>', {}, /gmail\.com: a free-mail provider's domain/],
  ];
  for (const [what, from, records, warning] of cases) {
    it(`warns of ${what}, and still exits 0`, async () => {
      for (const [name, txt] of Object.entries(records)) dns.set(name, txt);
      const env = { ...alertEnv(twilio, smtp), ALERT_EMAIL_FROM: from, DATABASE_PATH: nowhere() };
      const tested = await testAlerts(env);
      assert.equal(tested.code, 0, tested.stderr);
      assert.match(tested.stderr, warning);
      assert.match(tested.stderr, /^Warning: alert e-mail may land in junk: /m);
      const status = await runCli(['status'], { ...env, DNS_SERVERS: dns.server, DATABASE_PATH: emptyDatabase() });
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stderr, warning);
    });
  }
});

describe('a provider setting the provider would refuse', () => {
  const bad: [Record<string, string>, string][] = [
    [{ TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_ACCOUNT_SID must be "AC" followed by 32 hexadecimal digits'],
    [{ TWILIO_FROM: '555-0100' }, 'TWILIO_FROM must be a phone number in E.164 form'],
    [{ ALERT_SMS_TO: '(415) 555-0142' }, 'ALERT_SMS_TO must be a phone number in E.164 form'],
    [{ ALERT_EMAIL_TO: 'owner at example.com' }, 'ALERT_EMAIL_TO must be an e-mail address'],
    [{ ALERT_EMAIL_FROM: 'alerts@' }, 'ALERT_EMAIL_FROM must be an e-mail address'],
    [{ SMTP_URL: 'smtp://user:p@ss:word@mail.example.com:25x' }, 'SMTP_URL is not a valid URL with a host name'],
  ];
  for (const [override, line] of bad) {
    const [name, value] = Object.entries(override)[0] as [string, string];
    it(`${name}: the server and the CLI exit 1 with one line naming it, and never its value`, async () => {
      const env = { ...alertEnv(twilio, smtp), DATABASE_PATH: nowhere(), ...override };
      const sent = twilio.requests + smtp.connections;
      const server = await runServerToExit({ NODE_ENV: 'production', PORT: '0', ...env });
      assert.equal(server.code, 1, server.output);
      const lines = server.output.trim().split('\n');
      assert.equal(lines.length, 1, server.output);
      assert.ok(lines[0]?.startsWith(`Configuration error: ${line}`), lines[0]);
      assert.ok(!server.output.includes(value), 'the value is not printed');
      const cli = await testAlerts(env);
      assert.equal(cli.code, 1);
      assert.ok(cli.stderr.startsWith(`Configuration error: ${line}`), cli.stderr);
      assert.equal(twilio.requests + smtp.connections, sent, 'nothing was sent');
    });
  }
});
