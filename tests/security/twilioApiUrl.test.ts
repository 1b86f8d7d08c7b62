/**
 * TWILIO_API_URL carries Twilio's Basic auth with every request: only https:
 * (or http: to this machine, for a local fake) is accepted, and a bad value is
 * named without being printed (it may hold a proxy's credentials).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runServerToExit } from '../support/serverProcess';

const sms = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15005550006',
  ALERT_SMS_TO: '+14155550142',
};

describe('TWILIO_API_URL', () => {
  for (const value of [
    'http://user:proxy-pass@egress.example:8080',
    'ftp://user:proxy-pass@egress.example',
    'not a url proxy-pass',
  ]) {
    it(`refuses ${value.split(':')[0]} without printing the value`, async () => {
      const { code, output } = await runServerToExit({ ...sms, TWILIO_API_URL: value });
      assert.equal(code, 1);
      assert.match(
        output,
        /Configuration error: TWILIO_API_URL must be an https: URL, or http: to this machine \(localhost, 127\.0\.0\.1, ::1\); its value is not shown/,
      );
      assert.doesNotMatch(output, /proxy-pass|egress\.example/);
    });
  }
});
