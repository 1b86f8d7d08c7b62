/**
 * The owner's short alerts of a booked call, in English with the time in his time zone: "Booked: Tue 1 Dec 15:00
 * your time", then who (name, company, the lead's language when not English) and the inbox link. One text for SMS
 * (two GSM segments at most, the link left out only when it cannot fit), a title and facts for Telegram and ntfy;
 * and the webhook's events booking.created, booking.moved, booking.cancelled.
 */
import type { AlertLead } from './alertSender';
import { bookingFacts, bookingOf, bookingVerb, ownerIntro, ownerWhen, uidLetters } from './bookingMessages';
import type { InstantMessage } from './instantMessage';
import { languageMark } from './leadLanguage';
import { fitSms, smsSize } from './smsText';
import { webhookId, type WebhookPayload } from './webhookSender';

/** "Booked: Tue 1 Dec 15:00 your time": never shortened. */
const headline = (lead: AlertLead) => {
  const booking = bookingOf(lead);
  return `${bookingVerb(booking)}: ${ownerWhen(lead, booking)}`;
};

/**
 * The owner's SMS (and any plain-text channel's) text: the headline, "name, company [pt-BR]" and the inbox link,
 * in two GSM segments at most: the visitor's values are cut first, and the link dropped only when even empty
 * values would leave it no room.
 */
export function bookingInstantText(lead: AlertLead): string {
  const first = headline(lead);
  const mark = languageMark(lead);
  const plain = ([name, company]: string[]) => `${first}\n${name}, ${company}${mark}`;
  const { inboxUrl } = lead;
  if (inboxUrl === undefined) return fitSms(plain, [lead.name, lead.company]);
  const text = fitSms((v) => `${plain(v)}\n${inboxUrl}`, [lead.name, lead.company]);
  return smsSize(text).segments <= 2 ? text : fitSms(plain, [lead.name, lead.company]);
}

/** Telegram's and ntfy's message: the headline and who as its title, the call and the lead's facts below. */
export function bookingInstantMessage(lead: AlertLead): InstantMessage {
  const booking = bookingOf(lead);
  return {
    title: `${headline(lead)} — ${lead.name}, ${lead.company}${languageMark(lead)}`,
    intro: ownerIntro(booking),
    facts: bookingFacts(lead, booking),
    url: lead.inboxUrl,
  };
}

export type BookingWebhookEvent = 'booking.created' | 'booking.moved' | 'booking.cancelled';

export const bookingWebhookEvent = (lead: AlertLead): BookingWebhookEvent => `booking.${bookingOf(lead).event}`;

/** The webhook's `data` of a booking event: the lead and the booking as it is now. */
export function bookingWebhookData(lead: AlertLead): object {
  const booking = bookingOf(lead);
  return {
    lead: { id: lead.id, name: lead.name, company: lead.company, email: lead.email, language: lead.language ?? 'en' },
    booking: {
      uid: booking.uid,
      starts_at: booking.startsAt,
      ends_at: booking.endsAt,
      status: booking.status,
      sequence: booking.sequence,
      ...(booking.cancelledBy ? { cancelled_by: booking.cancelledBy } : {}),
    },
  };
}

/**
 * The whole booking event for webhookPayloadSenderFor: its webhook-id names the booking's version (UID and
 * sequence), so every retry of one version carries the same id and each move or cancel a new one; it happened at
 * the booking's changedAt.
 */
export function bookingWebhookPayload(lead: AlertLead): WebhookPayload {
  const booking = bookingOf(lead);
  const type = bookingWebhookEvent(lead);
  const version = `${uidLetters(booking)}_${booking.sequence}`;
  return {
    type,
    id: `${webhookId(lead, type)}_${version}`,
    data: bookingWebhookData(lead),
    happenedAt: new Date(booking.changedAt),
  };
}
