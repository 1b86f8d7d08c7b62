/**
 * What a channel's sender is built from (src/alerts/channels.ts): the
 * configuration and each provider's transport, opened once by providers.ts
 * and shared by the channels of that provider.
 */
import type { Config } from '../config';
import type { AlertLead } from './alertSender';
import type { MailTransport } from './emailSender';
import type { SmsTransport } from './smsSender';
import type { InstantTransport } from './instantMessage';
import type { WebhookTransport } from './webhookSender';

/** What a sender is built from: the configuration and each provider's transport, shared by its channels. */
export interface SenderContext {
  config: Config;
  /** Twilio, when SMS is configured. */
  sms: SmsTransport | undefined;
  /** SMTP, when e-mail is configured, with the owner's envelope (ALERT_EMAIL_FROM, ALERT_EMAIL_TO). */
  mail: { transport: MailTransport; from: string; to: string } | undefined;
  telegram: InstantTransport | undefined;
  ntfy: InstantTransport | undefined;
  webhook: WebhookTransport | undefined;
  /** The lead's signed "Mark as contacted" link, for the owner's e-mails. */
  markUrl: ((lead: AlertLead) => string) | undefined;
  /** The clock the reminders count the time left with, and the webhook signs with. */
  now: () => number;
}
