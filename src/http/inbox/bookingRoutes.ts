/**
 * His availability and his calls in the inbox, through the booking actions the CLI's `booking` command calls:
 * the Booking form (`setAll`: every value checked before any is saved, a line of activity per key changed), the
 * upcoming calls, and cancelling a lead's booked call from the lead's page.
 */
import express, { type Response, Router } from 'express';
import { AVAILABILITY_KEYS, type AvailabilityKey } from '../../contract/booking';
import { INBOX_PATHS, LEAD_ACTIONS, leadActionPath, REMOVE_FEED_FIELD } from '../../contract/inbox';
import { maskFeedUrl, storedValue } from '../../booking/availability';
import type { BookingSettingsView, OfferedView, ShownKey } from '../../pages/inbox/bookingViews';
import { actorOf } from './guard';
import { leadIdOf } from './leadViews';
import { inboxForm, sendPage } from './respond';
import type { InboxRouteDeps } from './signInRoutes';

// The Booking form: the form token, the eight keys and the feed's removal; the hours' text is the longest.
const bookingForm = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });

export const CALL_CANCELLED_NOTICE = 'The call is cancelled: both of you get the cancellation.';
type Errors = BookingSettingsView['errors'];

const NO_BOOKED_CALL = 'This lead has no booked call, so nothing was cancelled.';
const CALL_BEGUN = "The call's time has come, so it can no longer be cancelled: nothing was sent.";

/** The form's text for each key it names; a key the form left out is kept as it is. */
function typedValues(body: Record<string, unknown>): Map<AvailabilityKey, string> {
  const typed = new Map<AvailabilityKey, string>();
  for (const key of AVAILABILITY_KEYS) {
    const value = body[key];
    if (typeof value === 'string') typed.set(key, value);
  }
  // The feed's field is empty unless a new address is typed: empty keeps it, and only the checkbox removes it.
  if (body[REMOVE_FEED_FIELD] !== undefined) typed.set('feed-url', '');
  else if (typed.get('feed-url')?.trim() === '') typed.delete('feed-url');
  return typed;
}

export function bookingRoutes(deps: InboxRouteDeps & { timeZone: string }): Router {
  const { owner, guard, pages, answers, timeZone } = deps;
  const router = Router({ caseSensitive: true, strict: true });

  /** The form with the stored values; after a refused save, with what was typed and why each value was refused. */
  const settingsPage = async (
    res: Response,
    status = 200,
    refused?: { typed: Map<AvailabilityKey, string>; errors: Errors },
  ) => {
    const current = owner.booking.settings();
    const { slots, none, calendar } = await owner.booking.offered();
    const offered: OfferedView = {
      enabled: current.enabled,
      days: current.daysAhead,
      first: slots.slice(0, 3).map((slot) => new Date(slot.start).toISOString()),
      count: slots.length,
      meetingLink: current.meetingUrl !== '',
      ...(none ? { none } : {}),
      ...(calendar ? { calendar } : {}),
    };
    const values = {} as Record<ShownKey, string>;
    // What was typed is shown back, but for the feed's address: a secret is never written into a page.
    for (const key of AVAILABILITY_KEYS)
      if (key !== 'feed-url') values[key] = refused?.typed.get(key) ?? storedValue(key, current);
    const view: BookingSettingsView = {
      // A refused save shows its refusal, not a notice an earlier action left.
      ...(refused ? { csrf: guard.signedIn(res).csrf } : guard.signedIn(res)),
      timeZone,
      values,
      feedMasked: maskFeedUrl(current.feedUrl),
      errors: refused?.errors ?? {},
      feedTyped: Boolean(refused?.typed.get('feed-url')),
      offered,
    };
    sendPage(res, status, pages.booking(view));
  };

  router.get(INBOX_PATHS.booking, guard.page, (_req, res) => settingsPage(res));

  router.post(INBOX_PATHS.booking, bookingForm, guard.action, (req, res) => {
    const typed = typedValues(req.body as Record<string, unknown>);
    const saved = owner.booking.setAll(actorOf(res), typed);
    if (saved.kind === 'invalid') return settingsPage(res, 400, { typed, errors: saved.errors });
    const { lines, notices } = saved;
    const said = lines.length === 0 ? 'Saved: nothing had changed.' : `Saved: ${lines.join('; ')}.`;
    guard.leaveNotice(res, [said, ...notices].join(' '));
    res.redirect(303, INBOX_PATHS.booking);
  });

  router.get(INBOX_PATHS.calls, guard.page, (_req, res) => {
    const calls = owner.booking.upcoming().map((row) => ({
      leadId: row.lead_id,
      name: row.name,
      company: row.company,
      language: row.language,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
    }));
    sendPage(res, 200, pages.calls({ ...guard.signedIn(res), calls }));
  });

  router.post(leadActionPath(':id', LEAD_ACTIONS.cancelCall), inboxForm, guard.action, (req, res) => {
    const id = leadIdOf(req);
    if (id === undefined || !owner.reads.lead(id)) return answers.notFound(res);
    const cancelled = owner.booking.cancel(actorOf(res), id);
    if (cancelled === 'none') return answers.refuse(req, res, 409, NO_BOOKED_CALL);
    if (cancelled === 'begun') return answers.refuse(req, res, 409, CALL_BEGUN);
    guard.leaveNotice(res, CALL_CANCELLED_NOTICE);
    res.redirect(303, `${INBOX_PATHS.lead}${id}`);
  });
  return router;
}
