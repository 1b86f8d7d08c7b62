/**
 * The providers' transports, opened once from the configuration and shared by the channels that use them (the lead
 * alert, the reminder and the fallback of Telegram share one connection pool), and the senders built on them.
 */
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { AlertLead, AlertSender } from './alertSender';
import { createMailTransport } from './emailSender';
import { createNtfyTransport } from './ntfySender';
import { createSmsTransport } from './smsSender';
import { createTelegramTransport } from './telegramSender';
import { createWebhookTransport } from './webhookSender';
import type { WebhookSwitch } from './webhookSwitch';

/**
 * An attempt may run this many times the visitor's answer timeout before it counts as failed: long enough that a
 * slow provider's late acceptance is recorded (not resent), short enough that a dead one is retried soon.
 */
export const DEADLINE_FACTOR = 3;

/** How long the runner lets one attempt run (the deadline it gives each sender). */
export function attemptDeadlineMs(config: Pick<Config, 'alertTimeoutMs'>): number {
  return config.alertTimeoutMs * DEADLINE_FACTOR;
}

export interface SenderOptions {
  markUrl?: (lead: AlertLead) => string;
  now?: () => number;
  /** Whether the webhook is on (kept in the database); absent, it always is. */
  webhookSwitch?: Pick<WebhookSwitch, 'offReason' | 'gone'>;
}

/** What a channel's sender is built from (channels.ts): the configuration and each provider's transport. */
export type SenderContext = ReturnType<typeof openProviders>;

/** Opens the transports of the providers the configuration names. */
export function openProviders(config: Config, { markUrl, now = Date.now, webhookSwitch }: SenderOptions = {}) {
  const deadline = attemptDeadlineMs(config);
  return {
    config,
    /** Twilio, when SMS is configured. */
    sms: config.sms
      ? createSmsTransport(config.sms, deadline, config.publicUrlSet ? config.publicUrl : undefined)
      : undefined,
    /** SMTP, when e-mail is configured, with the owner's envelope (ALERT_EMAIL_FROM, ALERT_EMAIL_TO). */
    mail: config.email
      ? { transport: createMailTransport(config.email, deadline), from: config.email.from, to: config.email.to }
      : undefined,
    telegram: config.telegram ? createTelegramTransport(config.telegram) : undefined,
    ntfy: config.ntfy ? createNtfyTransport(config.ntfy) : undefined,
    webhook: config.webhook ? createWebhookTransport(config.webhook, webhookSwitch, now) : undefined,
    /** The lead's signed "Mark as contacted" link, for the owner's e-mails. */
    markUrl,
    /** The clock the reminders count the time left with, and the webhook signs with. */
    now,
  };
}

/** Closes what the transports keep open (pooled connections); at shutdown. */
export function closeProviders(context: SenderContext): void {
  context.mail?.transport.close();
  context.telegram?.close();
  context.ntfy?.close();
  context.webhook?.close();
}

/**
 * The senders of the channels the configuration turns on, by channel name; says once, at start-up,
 * which owner providers are off (their alerts are stored as 'skipped').
 */
export function buildSenders(
  channels: readonly { name: string; sender(context: SenderContext): AlertSender | undefined }[],
  context: SenderContext,
  logger: Logger,
): Map<string, AlertSender> {
  if (!context.config.sms) {
    logger.warn(
      'SMS alerts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and ALERT_SMS_TO; new leads get an sms alert marked skipped',
    );
  }
  if (!context.config.email) {
    logger.warn(
      'E-mail alerts are off: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM; new leads get an email alert marked skipped',
    );
  }
  const senders = new Map<string, AlertSender>();
  for (const channel of channels) {
    const sender = channel.sender(context);
    if (sender) senders.set(channel.name, sender);
  }
  return senders;
}
