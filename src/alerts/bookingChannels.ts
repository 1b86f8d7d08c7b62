/**
 * The booking channels: what a booked, moved or cancelled call sends. Each is one row per lead, sent again with
 * what the booking is now at each change (the queue's resend): the visitor's invite, the owner's invite, his
 * instant alerts, and the webhook's event. Declared apart from the lead's channels (channels.ts lists both).
 */
import { loadIcal } from '../lib/ical';
import type { AlertSender } from './alertSender';
import { bookingInstantMessage, bookingInstantText, bookingWebhookPayload } from './bookingAlerts';
import { buildOwnerInviteEmail, buildVisitorInviteEmail } from './bookingMessages';
import { type ChannelSpec, IN_FLIGHT, WEBHOOK_RETRY_MS } from './channelSpec';
import { mailSenderFor } from './emailSender';
import { instantSenderFor } from './instantMessage';
import { smsSenderFor } from './smsSender';
import { WEBHOOK_DEADLINE_MS, webhookPayloadSenderFor } from './webhookSender';

const owner = { audience: 'owner', kind: 'booking', recordWhenOff: false } as const;

/**
 * An invite's sender, the visitor's and the owner's alike: ical.js writes the invite, and is loaded by the first
 * one (src/lib/ical.ts), not by the senders' warm-up, which every server with SMTP runs at start.
 */
const withIcal = (sender: AlertSender): AlertSender => ({
  ...sender,
  send: async (lead, signal) => {
    await loadIcal();
    return sender.send(lead, signal);
  },
});

export const BOOKING_CHANNELS = [
  {
    name: 'booking-invite',
    audience: 'visitor',
    kind: 'booking',
    recordWhenOff: false,
    provider: 'SMTP',
    maxInFlight: IN_FLIGHT.smtp,
    sender: ({ mail, config }) =>
      mail &&
      withIcal(
        mailSenderFor(mail.transport, (lead) =>
          buildVisitorInviteEmail(lead, { from: mail.from, profile: config.profile }),
        ),
      ),
  },
  {
    ...owner,
    name: 'booking-email',
    provider: 'SMTP',
    maxInFlight: IN_FLIGHT.smtp,
    sender: ({ mail, config }) =>
      mail && withIcal(mailSenderFor(mail.transport, (lead) => buildOwnerInviteEmail(lead, mail, config.profile))),
  },
  {
    ...owner,
    name: 'booking-sms',
    provider: 'Twilio',
    maxInFlight: IN_FLIGHT.http,
    sender: ({ sms }) => sms && smsSenderFor(sms, bookingInstantText),
  },
  {
    ...owner,
    name: 'booking-telegram',
    provider: 'Telegram',
    maxInFlight: IN_FLIGHT.telegram,
    sender: ({ telegram }) => telegram && instantSenderFor(telegram, bookingInstantMessage),
  },
  {
    ...owner,
    name: 'booking-ntfy',
    provider: 'ntfy',
    maxInFlight: IN_FLIGHT.few,
    sender: ({ ntfy }) => ntfy && instantSenderFor(ntfy, bookingInstantMessage),
  },
  {
    ...owner,
    name: 'booking-webhook',
    provider: 'webhook',
    maxInFlight: IN_FLIGHT.few,
    retryForMs: WEBHOOK_RETRY_MS,
    deadlineMs: WEBHOOK_DEADLINE_MS,
    sender: ({ webhook }) => webhook && webhookPayloadSenderFor(webhook, bookingWebhookPayload),
  },
] as const satisfies readonly ChannelSpec[];
