/**
 * Provider faults seen through the whole app: Twilio refusing connections,
 * answering 500 or 401, or hanging past the answer timeout; SMTP rejecting or
 * hanging. In every case the lead is stored, the visitor hears success (with
 * a falsy notificationResult when the SMS failed) without waiting longer than
 * the timeout, and once the provider recovers the retry delivers exactly once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FakeTwilioMode } from '../support/fakeTwilio';
import type { SmtpSinkMode } from '../support/smtpSink';
import { leadSitesPerTest } from '../support/leadSite';
import { sleep, waitFor } from '../support/waitFor';

// ALERT_TIMEOUT_MS is 500 in FAST_ALERTS; a provider call may take three times that.
// An answer sooner than the provider's own timeout proves the visitor never waits on it.
const PROVIDER_TIMEOUT_MS = 1500;
const lead = { name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' };

const leadSite = leadSitesPerTest();

interface Fault {
  title: string;
  twilio?: FakeTwilioMode;
  smtp?: SmtpSinkMode;
  /** What last_error says while the provider is down. */
  error: RegExp;
}

const faults: Fault[] = [
  { title: 'Twilio refuses connections', twilio: 'down', error: /ECONNREFUSED/ },
  { title: 'Twilio answers 500', twilio: 'fail500', error: /HTTP 500/ },
  { title: 'Twilio answers 401', twilio: 'fail401', error: /HTTP 401/ },
  { title: 'Twilio hangs past the timeout', twilio: 'hang', error: /no answer within/ },
  { title: 'the SMTP server rejects', smtp: 'reject', error: /SMTP 550/ },
  { title: 'the SMTP server hangs', smtp: 'hang', error: /ETIMEDOUT/ },
];

describe('provider faults', () => {
  for (const fault of faults) {
    it(`${fault.title}: lead stored, answer in time, delivered exactly once after recovery`, async () => {
      const s = await leadSite();
      if (fault.twilio) await s.twilio.setMode(fault.twilio);
      if (fault.smtp) s.smtp.setMode(fault.smtp);
      const channel = fault.twilio ? 'sms' : 'email';

      const started = Date.now();
      const res = await s.post(lead);
      const waited = Date.now() - started;
      assert.equal(res.status, 200);
      assert.deepEqual(res.json, { success: true, notificationResult: channel === 'email' });
      assert.ok(waited < PROVIDER_TIMEOUT_MS, `answered after ${waited} ms`);
      assert.equal(s.rows().length, 1, 'the lead is stored');

      const row = () => s.rows()[0];
      // A failure is recorded (for a hang: once the sender's own timeout ends the attempt).
      await waitFor(() => fault.error.test(row()?.[`${channel}_last_error`] ?? ''), 6000, `last_error ${fault.error}`);
      assert.equal(row()?.[`${channel}_status`], 'pending');
      assert.ok(row()?.[`${channel}_next_attempt_at`]);

      s.twilio.dropHeld(); // requests the client gave up on were never processed
      if (fault.twilio) await s.twilio.setMode('up');
      if (fault.smtp) s.smtp.setMode('up');
      await waitFor(() => row()?.sms_status === 'sent' && row()?.email_status === 'sent', 8000, 'both alerts sent');
      await sleep(400); // a few more retry periods: nothing more may arrive
      assert.equal(s.twilio.messages.length, 1);
      assert.equal(s.smtp.messages.length, 1);
      assert.ok((row()?.[`${channel}_attempts`] ?? 0) >= 2);
      assert.equal(row()?.[`${channel}_last_error`], null);
      assert.equal(row()?.[`${channel}_next_attempt_at`], null);
    });
  }

  it('a lead stored while both providers are down is delivered to both once they are back', async () => {
    const s = await leadSite();
    await s.twilio.setMode('down');
    s.smtp.setMode('reject');
    const res = await s.post(lead);
    assert.deepEqual(res.json, { success: true, notificationResult: false });
    await sleep(300);
    assert.equal(s.twilio.messages.length + s.smtp.messages.length, 0);
    await s.twilio.setMode('up');
    s.smtp.setMode('up');
    await waitFor(() => s.twilio.messages.length === 1 && s.smtp.messages.length === 1, 8000, 'both alerts');
    await sleep(300);
    assert.equal(s.twilio.messages.length, 1);
    assert.equal(s.smtp.messages.length, 1);
  });
});
