/**
 * The alert channels: builds the senders the configuration allows and says,
 * once at start-up, which owner channels are off (their alerts are stored as
 * 'skipped'). A channel is a name and a sender; senders of one provider share
 * its transport (one Twilio client, one pool of SMTP connections).
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Channel } from './alertQueue';
import { buildAlertEmail } from './emailMessage';
import { createMailTransport, mailSenderFor } from './emailSender';
import { buildReminderEmail, buildReminderSms } from './reminderMessage';
import { buildReplyEmail } from './replyMessage';
import type { AlertLead, AlertSender } from './sender';
import { createSmsTransport, smsSenderFor } from './smsSender';
import { buildSmsText } from './smsText';

/**
 * A provider call may run this many times the visitor's answer timeout before
 * it counts as failed: long enough that a slow provider's late acceptance is
 * recorded (not resent), short enough that a dead one is retried soon.
 */
export const SEND_TIMEOUT_FACTOR = 3;

export function sendTimeoutMs(config: Pick<Config, 'alertTimeoutMs'>): number {
  return config.alertTimeoutMs * SEND_TIMEOUT_FACTOR;
}

/** The owner's alerts of a new lead, in the order they are attempted. */
export const ALERT_CHANNELS: readonly Channel[] = ['sms', 'email'];
/** The e-mail a verified lead receives when LEAD_AUTO_REPLY=true. */
export const REPLY_CHANNEL: Channel = 'reply';
/** The owner's reminders of a lead still new FOLLOW_UP_AFTER_HOURS after it arrived. */
export const REMINDER_CHANNELS: readonly Channel[] = ['reminder-sms', 'reminder-email'];

export interface SenderOptions {
  /** The lead's signed "Mark as contacted" link for the owner's e-mails. */
  markUrl?: (lead: AlertLead) => string;
  /** The clock the reminders count the time left with. */
  now?: () => number;
}

export function createSenders(config: Config, logger: Logger, { markUrl, now = Date.now }: SenderOptions = {}): Record<Channel, AlertSender> {
  const timeout = sendTimeoutMs(config);
  const reminders = config.followUpAfterMs !== null;
  const [remindBySms, remindByEmail] = REMINDER_CHANNELS as [Channel, Channel];
  const senders: Record<Channel, AlertSender> = {};
  if (config.sms) {
    const sms = createSmsTransport(config.sms, timeout);
    senders.sms = smsSenderFor(sms, buildSmsText);
    if (reminders) senders[remindBySms] = smsSenderFor(sms, (lead) => buildReminderSms(lead, now()));
  } else {
    logger.warn('SMS alerts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and ALERT_SMS_TO; new leads get an sms alert marked skipped');
  }
  if (config.email) {
    const { from, to } = config.email;
    const mail = createMailTransport(config.email, timeout);
    senders.email = mailSenderFor(mail, (lead) => buildAlertEmail(lead, { from, to }, markUrl?.(lead)));
    if (config.autoReply) senders[REPLY_CHANNEL] = mailSenderFor(mail, (lead) => buildReplyEmail(lead, { from, owner: config.owner }));
    if (reminders) senders[remindByEmail] = mailSenderFor(mail, (lead) => buildReminderEmail(lead, { from, to }, now(), markUrl?.(lead)));
  } else {
    logger.warn('E-mail alerts are off: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM; new leads get an email alert marked skipped');
  }
  return senders;
}
