/**
 * The alert channels: builds the senders the configuration allows and says,
 * once at start-up, which channels are off (their alerts are stored as
 * 'skipped'). A new channel is a sender registered here, under a new name.
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Channel } from './alertQueue';
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

/** The owner's alert channels, in the order they are attempted. */
export const ALERT_CHANNELS: readonly Channel[] = ['sms', 'email'];

export function createSenders(config: Config, logger: Logger): Record<Channel, AlertSender> {
  const timeout = sendTimeoutMs(config);
  const senders: Record<Channel, AlertSender> = {};
  if (config.sms) senders.sms = createSmsSender(config.sms, timeout);
  else logger.warn('SMS alerts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and ALERT_SMS_TO; new leads get an sms alert marked skipped');
  if (config.email) senders.email = createEmailSender(config.email, timeout);
  else logger.warn('E-mail alerts are off: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM; new leads get an email alert marked skipped');
  return senders;
}
