/**
 * Booking, the use case: the slots a lead's link offers, and booking, moving or cancelling the lead's one call.
 * Each change is one transaction: the booking row, the time it holds (bookingsTable.ts: two calls can never hold
 * the same half-minute), the booking's alerts queued again with what they say now (the invites, the owner's alert,
 * the webhook's event), and the lead's reminders cancelled (a booked call keeps the promise of an answer).
 * HTTP and the owner's actions call it; it knows nothing of either.
 */
import { randomUUID } from 'node:crypto';
import type { AlertQueue } from '../alerts/alertQueue';
import { BOOKING_LINK_MS, bookingPath, type CancelledBy } from '../contract/booking';
import { languageOfTag, type SiteLanguage } from '../contract/languages';
import { addressKey } from '../lib/addressKey';
import { iso } from '../lib/time';
import type { Db } from '../storage/database';
import { type BookingRow, type NewCall, TimeTaken } from './bookingsTable';
import {
  type BookingLead,
  type BookingView,
  type BookingViewDeps,
  callHasBegun,
  createBookingView,
  isBooked,
} from './bookingView';

export interface BookingDeps extends BookingViewDeps {
  db: Db;
  queue: Pick<AlertQueue, 'resend' | 'cancelPending' | 'reopenCancelled'>;
  /** The channels a booking's change is sent on (the invites, the owner's alert, the webhook): those configured. */
  bookingChannels: readonly string[];
  /** Those of them that reach the visitor (their invite): an erased person gets nothing more. */
  visitorChannels: readonly string[];
  /** Those of them that carry the calendar invites (the visitor's and his): a new meeting link goes out on these. */
  inviteChannels: readonly string[];
  /** The lead's reminders: cancelled once a call is booked, due again if it is cancelled. */
  reminderChannels: readonly string[];
  /** Every lead of a person (by their address's key, email_key), the reminders of whose call keeps the promise. */
  leadsOfPerson: (emailKey: string) => readonly Pick<BookingLead, 'id' | 'created_at'>[];
  /** FOLLOW_UP_AFTER_HOURS: when a lead's reminder is due; null when there are none. */
  followUpAfterMs: number | null;
  publicUrl: string;
}

export type BookingChange =
  | Exclude<BookingView, { kind: 'open' }>
  | { kind: 'booked' | 'moved' | 'cancelled'; booking: BookingRow; view: BookingView & { kind: 'open' } }
  /**
   * Someone else got the time first, or it is not (or no longer) offered: pick another from the fresh slots. Or
   * the call would change but the address typed is not the lead's ('wrong-address').
   */
  | {
      kind: 'taken' | 'not-offered' | 'too-late' | 'not-booked' | 'wrong-address';
      view: BookingView & { kind: 'open' };
    };

export type Bookings = ReturnType<typeof createBookings>;

export function createBookings(deps: BookingDeps) {
  const { bookingsTable, queue, links, now } = deps;
  const { settings, slotsFor, view, callOf, offered } = createBookingView(deps);

  /**
   * The booking's alerts, sent again saying what it is now. A booked call keeps the 24-hour promise, so the lead's
   * reminders are cancelled (those of the person's other leads are dropped when due: the runner asks callOf). Once
   * the call is cancelled the promise runs again, for each of the person's leads, and so do their reminders (the
   * runner still drops a reminder of a lead no longer new).
   */
  function announce(row: BookingRow, at: number): void {
    queue.resend(row.lead_id, deps.bookingChannels, iso(at));
    if (row.status === 'booked') return void queue.cancelPending(row.lead_id, deps.reminderChannels, 'call booked');
    const lead = deps.lead(row.lead_id);
    if (deps.followUpAfterMs === null || lead === undefined) return;
    const leads = lead.email_key === '' ? [lead] : deps.leadsOfPerson(lead.email_key);
    for (const { id, created_at } of leads) {
      const due = Math.max(Date.parse(created_at) + deps.followUpAfterMs, at);
      queue.reopenCancelled(id, deps.reminderChannels, iso(due));
    }
  }

  /**
   * Books the call for the link's lead. The person's call is read again here, inside the transaction: another of
   * their links may have booked one since this link's page was read (two sends of the form, booked in the same
   * instant), and that call is then moved, never a second one booked beside it.
   */
  const bookAndAnnounce = deps.db.transaction(
    (lead: BookingLead, call: Omit<NewCall, 'uid'>, buffer: number, at: number) => {
      const held = callOf(lead, at);
      if (held && Date.parse(held.starts_at) === call.start) return held;
      const row = bookingsTable.book(held?.lead_id ?? lead.id, { uid: randomUUID(), ...call }, buffer, iso(at));
      announce(row, at);
      return row;
    },
  );
  const cancelAndAnnounce = deps.db.transaction((leadId: number, at: number, by: CancelledBy) => {
    const row = bookingsTable.cancel(leadId, iso(at), by);
    if (row) announce(row, at);
    return row;
  });

  /** The booking link sent with a verified lead's answer while booking is on (valid 48 hours); else undefined. */
  function linkFor(lead: Pick<BookingLead, 'id' | 'created_at' | 'language' | 'verdict'>): string | undefined {
    if (lead.verdict !== 'verified' || !settings().enabled) return undefined;
    const token = links.token(lead.id, Date.parse(lead.created_at) + BOOKING_LINK_MS);
    return `${deps.publicUrl}${bookingPath(languageOfTag(lead.language), token)}`;
  }

  return {
    view,
    linkFor,
    /** linkFor, by the lead's id (the lead endpoint's answer). */
    linkForLead(leadId: number): string | undefined {
      const lead = deps.lead(leadId);
      return lead && linkFor(lead);
    },
    /**
     * The link of a booked call's invite: valid until the call starts (it moves or cancels the call until 2 hours
     * before, and then says why it no longer can).
     */
    manageUrl(row: Pick<BookingRow, 'lead_id' | 'starts_at'>, language: SiteLanguage): string {
      const token = links.token(row.lead_id, Date.parse(row.starts_at));
      return `${deps.publicUrl}${bookingPath(language, token)}`;
    },
    /**
     * Books the slot starting at `slot` (UTC ISO text) for the link's lead, or moves its booking there; `zone` is
     * the visitor's (an IANA name), which their e-mails write the time in. A move also needs `email`, the lead's
     * address typed again: the link alone books a first call but changes none.
     */
    async book(token: string, slot: string, zone: string, email = ''): Promise<BookingChange> {
      const before = await view(token);
      if (before.kind !== 'open') return before;
      if (!before.changeable) return { kind: 'too-late', view: before };
      if (before.slots === 'off') return { kind: 'off' };
      const start = Date.parse(slot);
      // The same time again (a second click, a page sent twice): booked already, nothing to send anew.
      if (before.booking && Date.parse(before.booking.starts_at) === start)
        return { kind: 'booked', booking: before.booking, view: before };
      if (before.booking && !isTheirs(before.lead, email)) return { kind: 'wrong-address', view: before };
      const offered = before.slots === 'unavailable' ? undefined : before.slots.find((s) => s.start === start);
      if (!offered) {
        // Another visitor's call holds it now: say it was just taken, not that it never was a time to pick.
        const free = await slotsFor(settings(), callLead(before), now(), false);
        const taken = free !== 'unavailable' && free.some((s) => s.start === start);
        return { kind: taken ? 'taken' : 'not-offered', view: before };
      }
      try {
        const call = { start: offered.start, end: offered.end, zone };
        const row = bookAndAnnounce.immediate(before.lead, call, settings().bufferMinutes, now());
        return { kind: row.event === 'moved' ? 'moved' : 'booked', booking: row, view: await reopened(token) };
      } catch (err) {
        if (!(err instanceof TimeTaken)) throw err;
        return { kind: 'taken', view: await reopened(token) };
      }
    },
    /** Cancels the link's lead's call (until 2 hours before it), given the lead's address typed again. */
    async cancel(token: string, email: string): Promise<BookingChange> {
      const before = await view(token);
      if (before.kind !== 'open') return before;
      if (!before.booking) return { kind: 'not-booked', view: before };
      if (!before.changeable) return { kind: 'too-late', view: before };
      if (!isTheirs(before.lead, email)) return { kind: 'wrong-address', view: before };
      const row = cancelAndAnnounce.immediate(callLead(before), now(), 'visitor');
      // Cancelled meanwhile (the other of two posts sent at once, or another of the person's links): nothing to do.
      if (!row) return { kind: 'not-booked', view: await reopened(token) };
      return { kind: 'cancelled', booking: row, view: await reopened(token) };
    },
    /**
     * The owner cancels a lead's call (from the inbox), until it starts: 'none' when none is booked, 'begun' once
     * its time has come (a cancellation of a call under way or over would only confuse both calendars).
     */
    cancelByOwner(leadId: number): BookingRow | 'none' | 'begun' {
      const at = now();
      const row = bookingsTable.ofLead(leadId);
      if (!isBooked(row)) return 'none';
      if (callHasBegun(row, at)) return 'begun';
      return cancelAndAnnounce.immediate(leadId, at, 'owner') ?? 'none';
    },
    /**
     * Before a person is erased: cancels their future calls and queues the owner's cancellation (his invite, his
     * alert, the webhook), never the visitor's; the cancelled bookings, for the erasure to wait on and report.
     */
    cancelForErasure: deps.db.transaction((leadIds: readonly number[]): BookingRow[] => {
      const at = now();
      const toOwner = deps.bookingChannels.filter((channel) => !deps.visitorChannels.includes(channel));
      return bookingsTable.futureOfLeads(leadIds, at).flatMap((row) => {
        const cancelled = bookingsTable.cancel(row.lead_id, iso(at), 'erasure');
        if (!cancelled) return [];
        queue.resend(row.lead_id, toOwner, iso(at));
        queue.cancelPending(row.lead_id, deps.visitorChannels, 'the person was erased');
        return [cancelled];
      });
    }),
    /**
     * After a new meeting link is saved: every call not begun goes out again as an updated invitation to both
     * calendars (a higher SEQUENCE, the new link). Only the invites: his phone hears nothing of a change he made.
     * Returns how many calls; none without e-mail, which sends no invitation at all. Run it in the transaction
     * that saves the link.
     */
    sendNewRoom(): number {
      if (deps.inviteChannels.length === 0) return 0;
      const at = now();
      const leadIds = bookingsTable.changeRoom(iso(at));
      for (const leadId of leadIds) queue.resend(leadId, deps.inviteChannels, iso(at));
      return leadIds.length;
    },
    ofLead: (leadId: number) => bookingsTable.ofLead(leadId),
    /** The call the lead's link changes (its own, or its person's from an earlier lead); undefined when none. */
    callOf(leadId: number): BookingRow | undefined {
      const lead = deps.lead(leadId);
      return lead && callOf(lead, now());
    },
    upcoming: (limit?: number) => bookingsTable.upcoming(now(), limit),
    /** How many booked calls are not over yet, all of them (upcoming's list stops at its limit). */
    callsToCome: () => bookingsTable.leadsWithCallsToCome(now()).length,
    settings,
    offered,
  };

  /** The lead whose booking a link changes: the call's (perhaps the person's earlier lead), else the link's own. */
  function callLead(view: BookingView & { kind: 'open' }): number {
    return view.booking?.lead_id ?? view.lead.id;
  }

  /** The address typed is the lead's, however it was typed (its key, as the person's leads are joined by). */
  function isTheirs(lead: BookingLead, typed: string): boolean {
    return addressKey(typed) === lead.email_key;
  }

  async function reopened(token: string) {
    return (await view(token)) as BookingView & { kind: 'open' };
  }
}
