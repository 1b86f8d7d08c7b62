/**
 * What the owner's booking pages show, as plain data: his availability as its form's fields, the calls
 * booked, and a lead's call. The HTTP layer fills these in from his booking actions.
 */
import type { AvailabilityKey } from '../../contract/booking';
import type { SignedIn } from './views';

/** The keys the form shows back as they are; the feed's address, a secret, is never shown back. */
export type ShownKey = Exclude<AvailabilityKey, 'feed-url'>;

export interface BookingSettingsView extends SignedIn {
  /** His time zone (OWNER_TIME_ZONE): the hours are read in it. */
  timeZone: string;
  /** Each key's text: as stored (hours in their canonical form), or as typed when a save was refused. */
  values: Record<ShownKey, string>;
  /** The feed's address as shown, masked after its host ("https://host/…"); '' when none is set. */
  feedMasked: string;
  /** Why each refused value was refused, by key. */
  errors: Partial<Record<AvailabilityKey, string>>;
  /** A refused save had a new feed address typed: it is not shown back, so it must be typed again. */
  feedTyped: boolean;
  offered: OfferedView;
}

/** What a new lead's booking link would offer now, by his stored settings (on or off). */
export interface OfferedView {
  enabled: boolean;
  /** Days ahead offered. */
  days: number;
  /** The first free times (ISO text), three at most, and how many there are in all. */
  first: string[];
  count: number;
  /** Why no time is offered, when none is: his calendar cannot be read, or no weekly hours are set. */
  none?: 'calendar' | 'no-hours';
  /** Whether a meeting link is set: without one, the invites carry none. */
  meetingLink: boolean;
  /** How the reads of his calendar went (ISO times), when a feed is set. */
  calendar?: { readAt?: string; failedAt?: string; error?: string };
}

/** A booked call, as the owner reads it: when, and with whom. */
export interface CallItem {
  leadId: number;
  name: string;
  company: string;
  /** The language tag of the lead's form ('pt-BR'). */
  language: string;
  startsAt: string;
  endsAt: string;
}

export interface CallsView extends SignedIn {
  calls: CallItem[];
}
