/**
 * The real twilio and nodemailer clients against the local fakes: what goes
 * on the wire (auth, form fields, headers, parts) and how every provider
 * failure surfaces, fast, as an error the runner can record.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEmailSender } from '../../src/alerts/emailSender';
import { describeSendError } from '../../src/alerts/alertSender';
import { createSmsSender } from '../../src/alerts/smsSender';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

const lead = {
  id: 1,
  createdAt: '2026-03-04T05:06:07.000Z',
  name: 'Ada <Lovelace>',
  company: 'Engines & Co',
  email: 'ada@example.com',
  verdict: 'verified' as const,
  source: 'direct',
};

async function failure(promise: Promise<unknown>): Promise<{ error: string; ms: number }> {
  const started = Date.now();
  try {
    await promise;
  } catch (err) {
    return { error: describeSendError(err), ms: Date.now() - started };
  }
  throw new Error('expected the send to fail');
}

describe('SMS sender (twilio client -> fake Twilio)', () => {
  let twilio: FakeTwilio;
  const config = () => ({
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: '+15005550006',
    to: '+15551230000',
    apiUrl: twilio.url,
  });
  before(async () => {
    twilio = await startFakeTwilio();
  });
  after(() => twilio.close());

  it('sends To, From and Body with basic auth and returns the message sid', async () => {
    const { providerMessageId } = await createSmsSender(config(), 1000).send(lead, AbortSignal.timeout(5_000));
    const message = twilio.messages.at(-1);
    assert.equal(providerMessageId, message?.sid);
    assert.match(providerMessageId, /^SM[0-9a-f]{32}$/);
    assert.equal(message?.to, '+15551230000');
    assert.equal(message?.from, '+15005550006');
    assert.match(message?.body ?? '', /Ada <Lovelace>, Engines & Co\nada@example\.com/);
  });

  it('fails on a wrong auth token (401 from the fake)', async () => {
    const { error } = await failure(
      createSmsSender({ ...config(), authToken: 'wrong' }, 1000).send(lead, AbortSignal.timeout(5_000)),
    );
    assert.match(error, /HTTP 401 20003/);
  });

  for (const [mode, expected] of [
    ['fail500', /HTTP 500 20500/],
    ['fail401', /HTTP 401 20003/],
    ['down', /ECONNREFUSED/],
  ] as const) {
    it(`fails fast when Twilio is ${mode}`, async () => {
      await twilio.setMode(mode);
      try {
        const { error, ms } = await failure(createSmsSender(config(), 2000).send(lead, AbortSignal.timeout(5_000)));
        assert.match(error, expected);
        assert.ok(ms < 1000, `${ms} ms`);
      } finally {
        await twilio.setMode('up');
      }
    });
  }

  it('gives up on a hanging Twilio after its own timeout', async () => {
    await twilio.setMode('hang');
    try {
      const { error, ms } = await failure(createSmsSender(config(), 300).send(lead, AbortSignal.timeout(5_000)));
      assert.match(error, /ECONNABORTED/);
      assert.ok(ms >= 280 && ms < 1500, `${ms} ms`);
    } finally {
      await twilio.setMode('up');
    }
  });
});

describe('e-mail sender (nodemailer -> smtp-server)', () => {
  let smtp: SmtpSink;
  const config = () => ({
    smtpUrl: smtp.url,
    to: 'owner@example.com',
    from: 'alerts@example.com',
    allowPlaintext: false,
  });
  before(async () => {
    smtp = await startSmtpSink();
  });
  after(() => smtp.close());

  it('delivers a text and an escaped HTML part with Reply-To the lead', async () => {
    const { providerMessageId } = await createEmailSender(config(), 1000).send(lead, AbortSignal.timeout(5_000));
    const mail = smtp.messages.at(-1);
    assert.equal(mail?.messageId, providerMessageId);
    assert.equal(mail?.from, 'alerts@example.com');
    assert.deepEqual(mail?.to, ['owner@example.com']);
    assert.equal(mail?.replyTo, 'ada@example.com');
    assert.equal(mail?.subject, 'New lead: Ada <Lovelace> (Engines & Co)');
    assert.match(mail?.text ?? '', /Name: Ada <Lovelace>/);
    assert.match(mail?.html ?? '', /Ada &lt;Lovelace&gt;/);
    assert.match(mail?.html ?? '', /Engines &amp; Co/);
  });

  it('fails with the SMTP code when the server rejects the sender', async () => {
    smtp.setMode('reject');
    try {
      const { error } = await failure(createEmailSender(config(), 1000).send(lead, AbortSignal.timeout(5_000)));
      assert.match(error, /SMTP 550/);
    } finally {
      smtp.setMode('up');
    }
  });

  it('gives up on a silent server after its socket timeout', async () => {
    smtp.setMode('hang');
    try {
      const { error, ms } = await failure(createEmailSender(config(), 400).send(lead, AbortSignal.timeout(5_000)));
      assert.match(error, /ETIMEDOUT/);
      assert.ok(ms >= 380 && ms < 2000, `${ms} ms`);
    } finally {
      smtp.setMode('up');
    }
  });

  it('fails on wrong credentials', async () => {
    const wrong = smtp.url.replace('sink-pass', 'nope');
    const { error } = await failure(
      createEmailSender({ ...config(), smtpUrl: wrong }, 1000).send(lead, AbortSignal.timeout(5_000)),
    );
    assert.match(error, /EAUTH|535/);
  });
});
