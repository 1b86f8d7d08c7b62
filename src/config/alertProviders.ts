/**
 * The alert providers' settings, checked for what the provider would refuse later: a malformed Twilio SID or
 * number would otherwise start the server and fail every SMS, one log line at a time. Each problem names the
 * variable and never its value (credentials, phone numbers and addresses stay out of logs).
 */
import { z } from 'zod';
import { flag, group, parsedUrl, problem } from './variables';

const ADDRESS = '[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+';
/** An e-mail address alone. */
export const EMAIL_ADDRESS = new RegExp(`^${ADDRESS}$`);
/** An address, or a display name and the address in angle brackets. */
const MAILBOX = new RegExp(`^(?:${ADDRESS}|[^<>\\r\\n]+ <${ADDRESS}>)$`);
const SMTP_SCHEME = /^smtps?:\/\//;
const E164 = /^\+[1-9]\d{1,14}$/;
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
/** Up to 11 letters, digits and spaces, at least one letter: what Twilio takes as an alphanumeric sender ID. */
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

const E164_HINT = 'a phone number in E.164 form (+ and the country code, e.g. +15017122661)';

export const sms = group('SMS alerts', {
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(
      ACCOUNT_SID,
      'TWILIO_ACCOUNT_SID must be "AC" followed by 32 hexadecimal digits, as the Twilio console shows it',
    ),
  TWILIO_AUTH_TOKEN: z.string(),
  TWILIO_FROM: z
    .string()
    .refine(
      (from) => E164.test(from) || ALPHANUMERIC_SENDER.test(from) || MESSAGING_SERVICE_SID.test(from),
      `TWILIO_FROM must be ${E164_HINT}, an alphanumeric sender ID (up to 11 letters, digits or spaces) or a messaging service SID ("MG" and 32 hexadecimal digits)`,
    ),
  ALERT_SMS_TO: z.string().regex(E164, `ALERT_SMS_TO must be ${E164_HINT}`),
});

const mailbox = z.string().regex(
  MAILBOX,
  problem((name) => `${name} must be an e-mail address (name@example.com, or Name <name@example.com>)`),
);

export const email = group(
  'E-mail alerts',
  {
    SMTP_URL: z
      .string()
      .regex(
        SMTP_SCHEME,
        'SMTP_URL must start with smtp:// or smtps:// (its value is not shown: it may hold a password)',
      )
      // Asked only of a URL of the right scheme, so a URL is refused once.
      .refine(
        (url) => !SMTP_SCHEME.test(url) || parsedUrl(url)?.hostname,
        'SMTP_URL is not a valid URL with a host name; characters such as @ / : in the password must be percent-encoded (its value is not shown)',
      ),
    ALERT_EMAIL_TO: mailbox,
    ALERT_EMAIL_FROM: mailbox,
  },
  { SMTP_ALLOW_PLAINTEXT: flag },
);
