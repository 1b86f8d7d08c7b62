/**
 * What a channel is: whom it reaches, its kind (what the lead service plans by), its provider, its limits and how
 * its sender is built. The lists of channels (channels.ts, bookingChannels.ts) are written in these terms.
 */
import type { Channel } from './alertQueue';
import type { AlertSender } from './alertSender';
import type { SenderContext } from './providers';

/** Whom an alert reaches: the site's owner, or the visitor who sent the lead. */
export type Audience = 'owner' | 'visitor';

/**
 * - instant: the owner's phone, at once (SMS, Telegram, ntfy); verified leads only.
 * - email: the owner's e-mail alert; verified and unverified leads.
 * - webhook: the owner's endpoint; verified and unverified leads, spam only if asked for.
 * - release: the owner's endpoint again, when a lead held back as spam or unverified is released.
 * - reminder: the owner's reminder of a lead still new FOLLOW_UP_AFTER_HOURS after it arrived.
 * - reply: the visitor's thank-you e-mail (LEAD_AUTO_REPLY).
 * - fallback: the lead again, on another channel, when its SMS turned out undelivered.
 * - notice: the owner told that a channel was turned off (the webhook's endpoint answered 410).
 * - booking: a booked call, moved or cancelled: the invites to both, the owner's alert, the webhook's event.
 */
// SMS, Telegram, ntfy and webhook attempts are short HTTP calls on keep-alive connections; e-mail
// shares the five pooled SMTP connections, and more attempts under way than connections only hold
// messages in memory. Telegram takes about one message a second per chat and answers 429 beyond.
/** Attempts under way at once, by how the provider is reached: every channel's maxInFlight is one of these. */
export const IN_FLIGHT = { http: 64, smtp: 16, telegram: 4, few: 16 } as const;

/** The owner's endpoint may be down for a night: its events are retried for a day at least. */
export const WEBHOOK_RETRY_MS = 24 * 60 * 60 * 1000;

export type ChannelKind =
  | 'instant'
  | 'email'
  | 'webhook'
  | 'release'
  | 'reminder'
  | 'reply'
  | 'fallback'
  | 'notice'
  | 'booking';

export interface ChannelSpec {
  name: Channel;
  audience: Audience;
  kind: ChannelKind;
  /** Who delivers it, for people: the operator's messages name it. */
  provider: string;
  /** Attempts under way at once at most; in a burst the rest wait in the database, not in memory. */
  maxInFlight: number;
  /** When the channel is off, a lead that would get it gets a 'skipped' row, so the operator sees it was off. */
  recordWhenOff: boolean;
  /** A fallback's instant channel: when that channel already carried the lead, the fallback is not sent on it. */
  covers?: string;
  /** Failures are retried for at least this long after the first attempt, whatever the attempts per alert say. */
  retryForMs?: number;
  /** An attempt fails after this long, when that is sooner than the runner's deadline for every channel. */
  deadlineMs?: number;
  /** Its sender, or undefined when the configuration leaves the channel off. */
  sender(context: SenderContext): AlertSender | undefined;
}
