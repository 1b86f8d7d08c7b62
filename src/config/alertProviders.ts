/**
 * The alert providers' settings, checked for what the provider would refuse
 * later: a malformed Twilio SID or number would otherwise start the server and
 * fail every SMS, one log line at a time. Each problem names the variable and
 * never its value (credentials, phone numbers and addresses stay out of logs).
 */
import { parsedUrl, type Reader } from './reader';

export interface SmsConfig {
  accountSid: string;
  authToken: string;
  from: string;
  to: string;
  /** Replaces https://api.twilio.com (and the other Twilio origins) for a local fake or an egress proxy. */
  apiUrl: string | undefined;
}

export interface EmailConfig {
  smtpUrl: string;
  to: string;
  /** As configured: an address, or `Name <address>`. */
  from: string;
  /** SMTP_ALLOW_PLAINTEXT: send over smtp:// without STARTTLS to a host that is not this machine. */
  allowPlaintext: boolean;
}

const ADDRESS = '[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+';
/** An e-mail address alone. */
export const EMAIL_ADDRESS = new RegExp(`^${ADDRESS}$`);
/** An address, or a display name and the address in angle brackets. */
const MAILBOX = new RegExp(`^(?:${ADDRESS}|[^<>\\r\\n]+ <${ADDRESS}>)$`);
const E164 = /^\+[1-9]\d{1,14}$/;
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
/** Up to 11 letters, digits and spaces, at least one letter: what Twilio takes as an alphanumeric sender ID. */
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

const E164_HINT = 'a phone number in E.164 form (+ and the country code, e.g. +15017122661)';

export function readSmsConfig(r: Reader): SmsConfig | null {
  const twilio = r.group('SMS alerts', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'ALERT_SMS_TO']);
  const apiUrl = r.providerUrl('TWILIO_API_URL');
  if (!twilio) return null;
  const [accountSid, authToken, from, to] = [
    twilio.TWILIO_ACCOUNT_SID,
    twilio.TWILIO_AUTH_TOKEN,
    twilio.TWILIO_FROM,
    twilio.ALERT_SMS_TO,
  ] as string[] as [string, string, string, string];
  if (!ACCOUNT_SID.test(accountSid))
    r.problems.push(
      'TWILIO_ACCOUNT_SID must be "AC" followed by 32 hexadecimal digits, as the Twilio console shows it',
    );
  if (!E164.test(from) && !ALPHANUMERIC_SENDER.test(from) && !MESSAGING_SERVICE_SID.test(from)) {
    r.problems.push(
      `TWILIO_FROM must be ${E164_HINT}, an alphanumeric sender ID (up to 11 letters, digits or spaces) or a messaging service SID ("MG" and 32 hexadecimal digits)`,
    );
  }
  if (!E164.test(to)) r.problems.push(`ALERT_SMS_TO must be ${E164_HINT}`);
  return { accountSid, authToken, from, to, apiUrl };
}

export function readEmailConfig(r: Reader): EmailConfig | null {
  const smtp = r.group('E-mail alerts', ['SMTP_URL', 'ALERT_EMAIL_TO', 'ALERT_EMAIL_FROM']);
  if (!smtp) return null;
  const [smtpUrl, to, from] = [smtp.SMTP_URL, smtp.ALERT_EMAIL_TO, smtp.ALERT_EMAIL_FROM] as string[] as [
    string,
    string,
    string,
  ];
  if (!/^smtps?:\/\//.test(smtpUrl)) {
    r.problems.push('SMTP_URL must start with smtp:// or smtps:// (its value is not shown: it may hold a password)');
  } else if (!parsedUrl(smtpUrl)?.hostname) {
    r.problems.push(
      'SMTP_URL is not a valid URL with a host name; characters such as @ / : in the password must be percent-encoded (its value is not shown)',
    );
  }
  for (const [name, value] of [
    ['ALERT_EMAIL_TO', to],
    ['ALERT_EMAIL_FROM', from],
  ] as const) {
    if (!MAILBOX.test(value))
      r.problems.push(`${name} must be an e-mail address (name@example.com, or Name <name@example.com>)`);
  }
  return { smtpUrl, to, from, allowPlaintext: r.flag('SMTP_ALLOW_PLAINTEXT') };
}
