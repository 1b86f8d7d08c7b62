/**
 * Alerts proven at deploy time. `leads test-alerts` sends one test SMS and
 * one test e-mail to the owner through the configured providers, prints each
 * provider's answer, stores nothing, and exits 0 only when every configured
 * channel accepted. And a provider setting the provider would refuse stops
 * the server (and the CLI) at start with one line naming the variable.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { ALERT_EMAIL_TO, ALERT_SMS_TO, alertEnv } from '../support/leadSite';
import { runServerToExit } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { tempDir } from '../support/tempDirs';

let twilio: FakeTwilio;
let smtp: SmtpSink;
before(async () => {
  [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
});
after(() => Promise.all([twilio.close(), smtp.close()]));

/** A database path that does not exist: test-alerts must not need, nor create, one. */
const nowhere = () => join(tempDir('test-alerts-'), 'data', 'leads.db');
const testAlerts = (env: Record<string, string>) =>
  runCli(['test-alerts'], { PUBLIC_URL: 'https://anna.example', ...env });

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
    assert.equal(stdout, `sms: accepted, message id ${text?.sid}\nemail: accepted, message id ${mail?.messageId}\n`);
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
      assert.equal(stderr.trim(), 'The provider did not accept: sms.');
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
      assert.equal(stderr.trim(), 'The provider did not accept: email.');
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
