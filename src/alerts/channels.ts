/**
 * Every alert channel, declared once. A channel is one row per lead in the
 * alerts table and one sender; its entry says who it is for, what it is (the
 * lead service plans alerts by kind, never by name), how many attempts may be
 * under way at once, which provider sends it, and how its sender is built.
 *
 * Adding a channel is its sender (a file of src/alerts/) plus one entry in
 * CHANNELS: the plan, the queue, the worker, the retries, `leads status`,
 * `leads export` and `leads retry` all read this list.
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { AlertLead, AlertSender } from './alertSender';
import { buildAlertEmail } from './emailMessage';
import { createMailTransport, type MailTransport, mailSenderFor } from './emailSender';
import { buildReminderEmail, buildReminderSms } from './reminderMessage';
import { buildReplyEmail } from './replyMessage';
import { createSmsTransport, type SmsTransport, smsSenderFor } from './smsSender';
import { buildSmsText } from './smsText';

/** Whom an alert reaches: the site's owner, or the visitor who sent the lead. */
export type Audience = 'owner' | 'visitor';

/**
 * - instant: the owner's phone, at once; verified leads only.
 * - email: the owner's e-mail alert; verified and unverified leads.
 * - reminder: the owner's reminder of a lead still new FOLLOW_UP_AFTER_HOURS after it arrived.
 * - reply: the visitor's thank-you e-mail (LEAD_AUTO_REPLY).
 */
export type ChannelKind = 'instant' | 'email' | 'reminder' | 'reply';

/** What a sender is built from: the configuration and each provider's transport, shared by its channels. */
export interface SenderContext {
  config: Config;
  /** Twilio, when SMS is configured. */
  sms: SmsTransport | undefined;
  /** SMTP, when e-mail is configured, with the owner's envelope (ALERT_EMAIL_FROM, ALERT_EMAIL_TO). */
  mail: { transport: MailTransport; from: string; to: string } | undefined;
  /** The lead's signed "Mark as contacted" link, for the owner's e-mails. */
  markUrl: ((lead: AlertLead) => string) | undefined;
  /** The clock the reminders count the time left with. */
  now: () => number;
}

export interface ChannelSpec<Name extends string = string> {
  name: Name;
  audience: Audience;
  kind: ChannelKind;
  /** Who delivers it, for people: the operator's messages name it. */
  provider: string;
  /** Attempts under way at once at most; in a burst the rest wait in the database, not in memory. */
  maxInFlight: number;
  /** When the channel is off, a lead that would get it gets a 'skipped' row, so the operator sees it was off. */
  recordWhenOff: boolean;
  /** Its sender, or undefined when the configuration leaves the channel off. */
  sender(context: SenderContext): AlertSender | undefined;
}

// SMS attempts are short HTTP calls; e-mail shares the five pooled SMTP connections, and more
// attempts under way than connections only hold messages in memory.
const SMS_IN_FLIGHT = 64;
const SMTP_IN_FLIGHT = 16;
const REMINDER_IN_FLIGHT = 16;

export const CHANNELS = [
  {
    name: 'sms',
    audience: 'owner',
    kind: 'instant',
    provider: 'Twilio',
    maxInFlight: SMS_IN_FLIGHT,
    recordWhenOff: true,
    sender: ({ sms }) => sms && smsSenderFor(sms, buildSmsText),
  },
  {
    name: 'email',
    audience: 'owner',
    kind: 'email',
    provider: 'SMTP',
    maxInFlight: SMTP_IN_FLIGHT,
    recordWhenOff: true,
    sender: ({ mail, markUrl }) =>
      mail ? mailSenderFor(mail.transport, (lead) => buildAlertEmail(lead, mail, markUrl?.(lead))) : undefined,
  },
  {
    name: 'reply',
    audience: 'visitor',
    kind: 'reply',
    provider: 'SMTP',
    maxInFlight: SMTP_IN_FLIGHT,
    recordWhenOff: false,
    sender: ({ mail, config }) =>
      mail && config.autoReply
        ? mailSenderFor(mail.transport, (lead) => buildReplyEmail(lead, { from: mail.from, owner: config.owner }))
        : undefined,
  },
  {
    name: 'reminder-sms',
    audience: 'owner',
    kind: 'reminder',
    provider: 'Twilio',
    maxInFlight: REMINDER_IN_FLIGHT,
    recordWhenOff: false,
    sender: ({ sms, config, now }) =>
      sms && config.followUpAfterMs !== null ? smsSenderFor(sms, (lead) => buildReminderSms(lead, now())) : undefined,
  },
  {
    name: 'reminder-email',
    audience: 'owner',
    kind: 'reminder',
    provider: 'SMTP',
    maxInFlight: REMINDER_IN_FLIGHT,
    recordWhenOff: false,
    sender: ({ mail, config, now, markUrl }) =>
      mail && config.followUpAfterMs !== null
        ? mailSenderFor(mail.transport, (lead) => buildReminderEmail(lead, mail, now(), markUrl?.(lead)))
        : undefined,
  },
] as const satisfies readonly ChannelSpec[];

/** The name of a channel of this release. */
export type Channel = (typeof CHANNELS)[number]['name'];

/** The owner's channels every lead is planned on, configured or not (`recordWhenOff`), in order. */
export const alwaysPlanned = (channels: readonly ChannelSpec[]): string[] =>
  channels.filter((ch) => ch.recordWhenOff).map((ch) => ch.name);

/** The channels of these kinds, in the list's order. */
export const channelsOfKind = (channels: readonly ChannelSpec[], ...kinds: ChannelKind[]): string[] =>
  channels.filter((ch) => kinds.includes(ch.kind)).map((ch) => ch.name);

/**
 * A provider call may run this many times the visitor's answer timeout before it counts as
 * failed: long enough that a slow provider's late acceptance is recorded (not resent), short
 * enough that a dead one is retried soon.
 */
export const SEND_TIMEOUT_FACTOR = 3;

export function sendTimeoutMs(config: Pick<Config, 'alertTimeoutMs'>): number {
  return config.alertTimeoutMs * SEND_TIMEOUT_FACTOR;
}

export interface SenderOptions {
  markUrl?: (lead: AlertLead) => string;
  now?: () => number;
}

/**
 * The senders of the channels the configuration turns on, by channel name; says once, at start-up,
 * which owner providers are off (their alerts are stored as 'skipped').
 */
export function buildSenders(
  channels: readonly ChannelSpec[],
  config: Config,
  logger: Logger,
  { markUrl, now = Date.now }: SenderOptions = {},
): Map<string, AlertSender> {
  const timeout = sendTimeoutMs(config);
  if (!config.sms) {
    logger.warn(
      'SMS alerts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and ALERT_SMS_TO; new leads get an sms alert marked skipped',
    );
  }
  if (!config.email) {
    logger.warn(
      'E-mail alerts are off: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM; new leads get an email alert marked skipped',
    );
  }
  const context: SenderContext = {
    config,
    sms: config.sms ? createSmsTransport(config.sms, timeout) : undefined,
    mail: config.email
      ? { transport: createMailTransport(config.email, timeout), from: config.email.from, to: config.email.to }
      : undefined,
    markUrl,
    now,
  };
  const senders = new Map<string, AlertSender>();
  for (const channel of channels) {
    const sender = channel.sender(context);
    if (sender) senders.set(channel.name, sender);
  }
  return senders;
}
