/**
 * Configuration values with something around them, and the edges of a range:
 * a Twilio SID or phone number with text before or after it is refused like
 * any other malformed value; a range's both ends are allowed. Each problem
 * names the variable and never echoes a Twilio value. A rule across variables
 * is reported in the same run as a variable refused on its own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config';
import { problems, type Env } from '../support/configProblems';

const SID = 'AC0123456789abcdef0123456789abcdef';
const MG = 'MG0123456789abcdef0123456789abcdef';
const sms: Env = {
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: 'tok-secret-42',
  TWILIO_FROM: '+15550001111',
  ALERT_SMS_TO: '+15550002222',
};
const E164 = 'a phone number in E.164 form (+ and the country code, e.g. +15017122661)';
const FROM_PROBLEM = `TWILIO_FROM must be ${E164}, an alphanumeric sender ID (up to 11 letters, digits or spaces) or a messaging service SID ("MG" and 32 hexadecimal digits)`;

describe('Twilio values with text around them', () => {
  it('refuses an account SID with anything before it', () => {
    for (const value of [`x${SID}`, `SID=${SID}`]) {
      assert.deepEqual(
        problems({ ...sms, TWILIO_ACCOUNT_SID: value }),
        ['TWILIO_ACCOUNT_SID must be "AC" followed by 32 hexadecimal digits, as the Twilio console shows it'],
        value,
      );
    }
  });

  it('refuses a sender or owner number written as a tel: link or after a name', () => {
    for (const from of ['tel:+15017122661', 'Anna +15017122661']) {
      assert.deepEqual(problems({ ...sms, TWILIO_FROM: from }), [FROM_PROBLEM], from);
    }
    for (const to of ['tel:+15550002222', 'owner:+15550002222']) {
      assert.deepEqual(problems({ ...sms, ALERT_SMS_TO: to }), [`ALERT_SMS_TO must be ${E164}`], to);
    }
  });

  it('refuses a messaging service SID with anything before or after it', () => {
    for (const from of [`x${MG}`, `${MG}x`, `${MG}0`]) {
      assert.deepEqual(problems({ ...sms, TWILIO_FROM: from }), [FROM_PROBLEM], from);
    }
    assert.equal(loadConfig({ ...sms, TWILIO_FROM: MG }).sms?.from, MG);
  });

  it('takes an alphanumeric sender ID whose first letter comes after digits or a space', () => {
    for (const from of ['A1 Cars', '24 Shop', '1 A', 'A']) {
      assert.equal(loadConfig({ ...sms, TWILIO_FROM: from }).sms?.from, from);
    }
  });
});

describe('the ends of a range', () => {
  it('takes FOLLOW_UP_AFTER_HOURS=720, the largest allowed, as 30 days', () => {
    assert.equal(loadConfig({ FOLLOW_UP_AFTER_HOURS: '720' }).followUpAfterMs, 2_592_000_000);
    assert.equal(loadConfig({ FOLLOW_UP_AFTER_HOURS: '719.5' }).followUpAfterMs, 2_590_200_000);
  });

  it('takes a decimal at either end of its range and refuses one just outside', () => {
    assert.equal(loadConfig({ FOLLOW_UP_AFTER_HOURS: '0.0' }).followUpAfterMs, null);
    assert.equal(loadConfig({ FOLLOW_UP_AFTER_HOURS: '720.0' }).followUpAfterMs, 2_592_000_000);
    assert.deepEqual(problems({ FOLLOW_UP_AFTER_HOURS: '-0.01' }), [
      'FOLLOW_UP_AFTER_HOURS must be a number from 0 to 720, such as 20 or 0.5 (got "-0.01")',
    ]);
    assert.deepEqual(problems({ FOLLOW_UP_AFTER_HOURS: '720.01' }), [
      'FOLLOW_UP_AFTER_HOURS must be a number from 0 to 720, such as 20 or 0.5 (got "720.01")',
    ]);
  });
});

describe('the rules across variables', () => {
  it('are reported with the variables refused on their own, reading a refused one as its default', () => {
    assert.deepEqual(
      problems({ NODE_ENV: 'staging', HEADERS_TIMEOUT_MS: 'abc', REQUEST_TIMEOUT_MS: '5000', LEAD_AUTO_REPLY: 'true' }),
      [
        'NODE_ENV must be one of production, development, test (got "staging")',
        'HEADERS_TIMEOUT_MS must be a whole number from 100 to 120000 (got "abc")',
        'HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS',
        'LEAD_AUTO_REPLY=true needs e-mail: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM',
      ],
    );
  });
});
