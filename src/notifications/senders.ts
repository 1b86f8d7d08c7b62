/**
 * Builds the alert senders the configuration allows and says, once at
 * start-up, which channels are off (their alerts are stored as 'skipped').
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Channel } from '../storage/leadStore';
import { createEmailSender } from './emailSender';
import type { AlertSender } from './sender';
import { createSmsSender } from './smsSender';

/**
 * A provider call may run this many times the visitor's answer timeout before
 * it counts as failed: long enough that a slow provider's late acceptance is
 * recorded (not resent), short enough that a dead one is retried soon.
 */
export const SEND_TIMEOUT_FACTOR = 3;

export function sendTimeoutMs(config: Pick<Config, 'alertTimeoutMs'>): number {
  return config.alertTimeoutMs * SEND_TIMEOUT_FACTOR;
}

export function createSenders(config: Config, logger: Logger): Partial<Record<Channel, AlertSender>> {
  const timeout = sendTimeoutMs(config);
  const senders: Partial<Record<Channel, AlertSender>> = {};
  if (config.sms) senders.sms = createSmsSender(config.sms, timeout);
  else logger.warn('SMS alerts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and ALERT_SMS_TO; new leads are stored with sms_status skipped');
  if (config.email) senders.email = createEmailSender(config.email, timeout);
  else logger.warn('E-mail alerts are off: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM; new leads are stored with email_status skipped');
  return senders;
}
