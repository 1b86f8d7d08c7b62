/**
 * What a provider would refuse later is refused at start-up: a malformed
 * Twilio SID or number, an e-mail setting that cannot be an address, an SMTP
 * URL that does not parse. Each problem is one line naming the variable and
 * never its value. Also the grading, follow-up and retention settings.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config';
import { problems, type Env } from '../support/configProblems';

const SID = 'AC0123456789abcdef0123456789abcdef';
const sms: Env = {
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: 'tok-secret-42',
  TWILIO_FROM: '+15550001111',
  ALERT_SMS_TO: '+15550002222',
};
const email: Env = {
  SMTP_URL: 'smtps://user:pw-secret-42@mail.example.com',
  ALERT_EMAIL_TO: 'owner@example.com',
  ALERT_EMAIL_FROM: 'alerts@example.com',
};

const E164 = 'a phone number in E.164 form (+ and the country code, e.g. +15017122661)';

describe('Twilio settings a provider would refuse', () => {
  it('refuses an account SID that is not AC and 32 hex digits, without echoing it', () => {
    for (const value of [
      'AC123',
      'ac0123456789abcdef0123456789abcdef',
      `${SID}0`,
      'AC0123456789abcdef0123456789abcdeg',
      'SK0123456789abcdef0123456789abcdef',
    ]) {
      const found = problems({ ...sms, TWILIO_ACCOUNT_SID: value });
      assert.deepEqual(
        found,
        ['TWILIO_ACCOUNT_SID must be "AC" followed by 32 hexadecimal digits, as the Twilio console shows it'],
        value,
      );
      assert.ok(!found.join('').includes(value));
    }
    assert.equal(
      loadConfig({ ...sms, TWILIO_ACCOUNT_SID: 'AC0123456789ABCDEF0123456789ABCDEF' }).sms?.accountSid,
      'AC0123456789ABCDEF0123456789ABCDEF',
    );
  });

  it('takes a sender number in E.164, an alphanumeric sender ID or a messaging service SID', () => {
    for (const from of [
      '+15017122661',
      '+442079460958',
      'AnnaVolkova',
      'GTM 2026',
      'MG0123456789abcdef0123456789abcdef',
    ]) {
      assert.equal(loadConfig({ ...sms, TWILIO_FROM: from }).sms?.from, from);
    }
    const message = `TWILIO_FROM must be ${E164}, an alphanumeric sender ID (up to 11 letters, digits or spaces) or a messaging service SID ("MG" and 32 hexadecimal digits)`;
    for (const from of [
      '15017122661',
      '+1 501 712 2661',
      '+0123456',
      'AnnaVolkovaGTM',
      '12345',
      'Anna-Volkova',
      'Anna.Volkova',
    ]) {
      assert.deepEqual(problems({ ...sms, TWILIO_FROM: from }), [message], from);
    }
  });

  it("refuses an owner's number that is not E.164", () => {
    for (const to of ['5550002222', '+1 (555) 000-2222', '+1555000222233334', 'owner']) {
      assert.deepEqual(problems({ ...sms, ALERT_SMS_TO: to }), [`ALERT_SMS_TO must be ${E164}`], to);
    }
  });

  it('names every bad variable of one run, once each', () => {
    assert.deepEqual(
      problems({
        TWILIO_ACCOUNT_SID: 'x',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '1-800-FLOWERS',
        ALERT_SMS_TO: 'z',
      }).map((p) => p.split(' ')[0]),
      ['TWILIO_ACCOUNT_SID', 'TWILIO_FROM', 'ALERT_SMS_TO'],
    );
  });
});

describe('e-mail settings a provider would refuse', () => {
  it('refuses an SMTP URL that does not parse, without echoing it', () => {
    for (const url of ['smtp://', 'smtp://user:pw-secret-42@mail.example.com:port', 'smtps://:587']) {
      const found = problems({ ...email, SMTP_URL: url });
      assert.deepEqual(
        found,
        [
          'SMTP_URL is not a valid URL with a host name; characters such as @ / : in the password must be percent-encoded (its value is not shown)',
        ],
        url,
      );
      assert.ok(!found.join('').includes('pw-secret-42'));
    }
  });
});

describe('grading, follow-up and retention settings', () => {
  it('reads LEAD_VERIFICATION, refusing anything but proof or off', () => {
    assert.equal(loadConfig({ LEAD_VERIFICATION: 'off' }).grading.verification, 'off');
    assert.deepEqual(problems({ LEAD_VERIFICATION: 'none' }), [
      'LEAD_VERIFICATION must be one of proof, off (got "none")',
    ]);
  });

  it('takes fractional follow-up hours, 0 for none, and refuses the rest', () => {
    assert.equal(loadConfig({ FOLLOW_UP_AFTER_HOURS: '0.01' }).followUpAfterMs, 36_000);
    assert.equal(loadConfig({ FOLLOW_UP_AFTER_HOURS: '20' }).followUpAfterMs, 72_000_000);
    assert.equal(loadConfig({ FOLLOW_UP_AFTER_HOURS: '0' }).followUpAfterMs, null);
    for (const value of ['-1', '1e2', '20h', '.5', '721']) {
      assert.deepEqual(problems({ FOLLOW_UP_AFTER_HOURS: value }), [
        `FOLLOW_UP_AFTER_HOURS must be a number from 0 to 720, such as 20 or 0.5 (got "${value}")`,
      ]);
    }
  });

  it('keeps leads unless LEAD_RETENTION_DAYS is set; spam for 30 days and page views for 400 unless told otherwise', () => {
    assert.deepEqual(loadConfig({}).retention, { leadDays: null, spamDays: 30, pageViewDays: 400 });
    assert.deepEqual(
      loadConfig({ LEAD_RETENTION_DAYS: '90', SPAM_RETENTION_DAYS: '2', PAGE_VIEWS_RETENTION_DAYS: '90' }).retention,
      { leadDays: 90, spamDays: 2, pageViewDays: 90 },
    );
    assert.deepEqual(problems({ PAGE_VIEWS_RETENTION_DAYS: '89' }), [
      'PAGE_VIEWS_RETENTION_DAYS must be a whole number from 90 to 36500 (got "89")',
    ]);
    assert.deepEqual(problems({ OWNER_SESSION_IDLE_HOURS: '0', OWNER_SESSION_MAX_DAYS: '366' }), [
      'OWNER_SESSION_IDLE_HOURS must be a whole number from 1 to 720 (got "0")',
      'OWNER_SESSION_MAX_DAYS must be a whole number from 1 to 365 (got "366")',
    ]);
    assert.deepEqual(problems({ LEAD_RETENTION_DAYS: '0' }), [
      'LEAD_RETENTION_DAYS must be a whole number from 1 to 36500 (got "0")',
    ]);
    assert.deepEqual(problems({ SPAM_RETENTION_DAYS: 'month' }), [
      'SPAM_RETENTION_DAYS must be a whole number from 1 to 3650 (got "month")',
    ]);
  });

  it('caps auto-replies site-wide at 20 an hour and 100 a day unless told otherwise, 0 sending none', () => {
    assert.deepEqual(loadConfig({}).autoReplyCap, { perHour: 20, perDay: 100 });
    assert.deepEqual(
      loadConfig({ LEAD_AUTO_REPLY_MAX_PER_HOUR: '0', LEAD_AUTO_REPLY_MAX_PER_DAY: '1000000' }).autoReplyCap,
      { perHour: 0, perDay: 1_000_000 },
    );
    assert.deepEqual(problems({ LEAD_AUTO_REPLY_MAX_PER_DAY: '-1' }), [
      'LEAD_AUTO_REPLY_MAX_PER_DAY must be a whole number from 0 to 1000000 (got "-1")',
    ]);
  });

  it('refuses an auto-reply without e-mail to send it with', () => {
    assert.deepEqual(problems({ LEAD_AUTO_REPLY: 'true' }), [
      'LEAD_AUTO_REPLY=true needs e-mail: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM',
    ]);
    assert.equal(loadConfig({ ...email, LEAD_AUTO_REPLY: 'true' }).autoReply, true);
    assert.deepEqual(problems({ ...email, LEAD_AUTO_REPLY: 'yes' }), [
      'LEAD_AUTO_REPLY must be one of true, false (got "yes")',
    ]);
  });
});
