/**
 * Every alert channel, declared once. A channel is one row per lead in the
 * alerts table and one sender; its entry says who it is for, what it is (the
 * lead service plans alerts by kind, never by name), how many attempts may be
 * under way at once, which provider sends it, and how its sender is built.
 *
 * Adding a channel is its sender (a file of src/alerts/) plus one entry in
 * CHANNELS: the plan, the queue, the runner, the retries, `leads status`,
 * `leads export` and `leads retry` all read this list.
 */
import type { Channel } from './alertQueue';
import { BOOKING_CHANNELS } from './bookingChannels';
import { type ChannelKind, type ChannelSpec, IN_FLIGHT, WEBHOOK_RETRY_MS } from './channelSpec';

export type { Channel };
import { buildAlertEmail } from './emailMessage';
import { mailSenderFor } from './emailSender';
import { instantSenderFor, newLeadMessage, reminderMessage, smsFallbackMessage } from './instantMessage';
import { buildSmsFallbackEmail, buildWebhookOffEmail } from './noticeEmails';
import { buildReminderEmail, buildReminderSms } from './reminderMessage';
import { buildReplyEmail } from './replyMessage';
import { smsSenderFor } from './smsSender';
import { buildSmsText } from './smsText';
import { WEBHOOK_DEADLINE_MS, webhookSenderFor } from './webhookSender';

export type { Audience, ChannelKind, ChannelSpec } from './channelSpec';

const owner = { audience: 'owner', recordWhenOff: false } as const;

/** A reminder's sender: none unless FOLLOW_UP_AFTER_HOURS turns the reminders on. */
const whenRemindersOn =
  (sender: ChannelSpec['sender']): ChannelSpec['sender'] =>
  (context) =>
    context.config.followUpAfterMs === null ? undefined : sender(context);

export const CHANNELS = [
  {
    ...owner,
    name: 'sms',
    kind: 'instant',
    provider: 'Twilio',
    maxInFlight: IN_FLIGHT.http,
    recordWhenOff: true,
    sender: ({ sms }) => sms && smsSenderFor(sms, buildSmsText),
  },
  {
    ...owner,
    name: 'telegram',
    kind: 'instant',
    provider: 'Telegram',
    maxInFlight: IN_FLIGHT.telegram,
    sender: ({ telegram }) => telegram && instantSenderFor(telegram, newLeadMessage),
  },
  {
    ...owner,
    name: 'ntfy',
    kind: 'instant',
    provider: 'ntfy',
    maxInFlight: IN_FLIGHT.few,
    sender: ({ ntfy }) => ntfy && instantSenderFor(ntfy, newLeadMessage),
  },
  {
    ...owner,
    name: 'email',
    kind: 'email',
    provider: 'SMTP',
    maxInFlight: IN_FLIGHT.smtp,
    recordWhenOff: true,
    sender: ({ mail, markUrl }) =>
      mail ? mailSenderFor(mail.transport, (lead) => buildAlertEmail(lead, mail, markUrl?.(lead))) : undefined,
  },
  {
    ...owner,
    name: 'webhook',
    kind: 'webhook',
    provider: 'webhook',
    maxInFlight: IN_FLIGHT.few,
    retryForMs: WEBHOOK_RETRY_MS,
    deadlineMs: WEBHOOK_DEADLINE_MS,
    sender: ({ webhook, now }) => webhook && webhookSenderFor(webhook, 'lead.created', now),
  },
  {
    ...owner,
    name: 'webhook-released',
    kind: 'release',
    provider: 'webhook',
    maxInFlight: IN_FLIGHT.few,
    retryForMs: WEBHOOK_RETRY_MS,
    deadlineMs: WEBHOOK_DEADLINE_MS,
    sender: ({ webhook, now }) => webhook && webhookSenderFor(webhook, 'lead.released', now),
  },
  {
    name: 'reply',
    audience: 'visitor',
    kind: 'reply',
    provider: 'SMTP',
    maxInFlight: IN_FLIGHT.smtp,
    recordWhenOff: false,
    sender: ({ mail, config }) =>
      mail && config.autoReply
        ? mailSenderFor(mail.transport, (lead) => buildReplyEmail(lead, { from: mail.from, profile: config.profile }))
        : undefined,
  },
  {
    ...owner,
    name: 'reminder-sms',
    kind: 'reminder',
    provider: 'Twilio',
    maxInFlight: IN_FLIGHT.few,
    sender: whenRemindersOn(({ sms, now }) => sms && smsSenderFor(sms, (lead) => buildReminderSms(lead, now()))),
  },
  {
    ...owner,
    name: 'reminder-email',
    kind: 'reminder',
    provider: 'SMTP',
    maxInFlight: IN_FLIGHT.few,
    sender: whenRemindersOn(
      ({ mail, now, markUrl }) =>
        mail && mailSenderFor(mail.transport, (lead) => buildReminderEmail(lead, mail, now(), markUrl?.(lead))),
    ),
  },
  {
    ...owner,
    name: 'reminder-telegram',
    kind: 'reminder',
    provider: 'Telegram',
    maxInFlight: IN_FLIGHT.telegram,
    sender: whenRemindersOn(
      ({ telegram, now }) => telegram && instantSenderFor(telegram, (lead) => reminderMessage(lead, now())),
    ),
  },
  {
    ...owner,
    name: 'reminder-ntfy',
    kind: 'reminder',
    provider: 'ntfy',
    maxInFlight: IN_FLIGHT.few,
    sender: whenRemindersOn(({ ntfy, now }) => ntfy && instantSenderFor(ntfy, (lead) => reminderMessage(lead, now()))),
  },
  {
    ...owner,
    name: 'sms-fallback-email',
    kind: 'fallback',
    provider: 'SMTP',
    maxInFlight: IN_FLIGHT.few,
    sender: ({ mail }) => mail && mailSenderFor(mail.transport, (lead) => buildSmsFallbackEmail(lead, mail)),
  },
  {
    ...owner,
    name: 'sms-fallback-telegram',
    kind: 'fallback',
    provider: 'Telegram',
    maxInFlight: IN_FLIGHT.telegram,
    covers: 'telegram',
    sender: ({ telegram }) => telegram && instantSenderFor(telegram, smsFallbackMessage),
  },
  {
    ...owner,
    name: 'sms-fallback-ntfy',
    kind: 'fallback',
    provider: 'ntfy',
    maxInFlight: IN_FLIGHT.few,
    covers: 'ntfy',
    sender: ({ ntfy }) => ntfy && instantSenderFor(ntfy, smsFallbackMessage),
  },
  {
    ...owner,
    name: 'webhook-off-email',
    kind: 'notice',
    provider: 'SMTP',
    maxInFlight: IN_FLIGHT.few,
    sender: ({ mail, config }) =>
      mail && mailSenderFor(mail.transport, (lead) => buildWebhookOffEmail(lead, mail, config.publicUrl)),
  },
  ...BOOKING_CHANNELS,
] as const satisfies readonly ChannelSpec[];

/** The owner's channels every lead is planned on, configured or not (`recordWhenOff`), in order. */
export const alwaysPlanned = (channels: readonly ChannelSpec[]): string[] =>
  channels.filter((ch) => ch.recordWhenOff).map((ch) => ch.name);

/** The channels of these kinds, in the list's order. */
export const channelsOfKind = (channels: readonly ChannelSpec[], ...kinds: ChannelKind[]): string[] =>
  channels.filter((ch) => kinds.includes(ch.kind)).map((ch) => ch.name);

/** The lead's own SMS alert: the channel whose delivery receipt can send the lead again (fallbacks). */
export const leadSmsChannel = (
  channels: readonly Pick<ChannelSpec, 'name' | 'kind' | 'provider'>[],
): string | undefined => channels.find((ch) => ch.kind === 'instant' && ch.provider === 'Twilio')?.name;
