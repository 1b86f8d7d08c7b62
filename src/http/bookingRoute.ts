/**
 * The booking link, in HTTP terms: GET shows the free times (or, with `slot`, asks to confirm one; with
 * `Accept: application/json`, the times as data for the form's panel), POST books, moves or cancels. A wrong or
 * expired link (403), a time not offered or just taken (409), a change within 2 hours of the call or without the
 * lead's address (403): each gets the page with a clear line and fresh times, and changes nothing. Posts share the
 * lead endpoint's same-origin rule and its rate limit. Nothing is cached. The pages are not kept from search
 * engines: a link that reached one (posted somewhere public) books a first call at most; moving or cancelling one
 * also needs the lead's address.
 */
import express, { Router, type Request, type Response } from 'express';
import type { Config } from '../config';
import type { BookingChange, Bookings } from '../booking/bookingService';
import type { BookingView } from '../booking/bookingView';
import { BOOKING_ACTIONS, BOOKING_FIELDS, type BookingTimes, bookingPath } from '../contract/booking';
import { languageOfPrefix, SITE_LANGUAGES, type SiteLanguage } from '../contract/languages';
import { isTimeZone } from '../lib/zonedTime';
import type { BookingPage, BookingPageView } from '../pages/bookingPage';
import { currentZoneName, slotLabel } from '../pages/bookingTimes';
import { bookPageStrings, serverStrings } from '../strings';
import { identityBody } from './precompress';
import { isOverLimit, minutesOf } from './rateLimit';
import { rejectCrossSiteOrigin } from './sameSite';
import { HTML, prepare, writePrepared } from './staticPages';

export interface BookingRouteDeps {
  config: Config;
  bookings: Pick<Bookings, 'view' | 'book' | 'cancel'>;
  page: BookingPage;
  /** The lead endpoint's rate limit: its counter, shared (a request over it is marked, then refused here). */
  limit: express.RequestHandler;
}

type Open = BookingView & { kind: 'open' };
type Notice = NonNullable<BookingPageView['notice']>;

export function bookingRoute({ config, bookings, page, limit }: BookingRouteDeps): Router {
  const zoneOf = (value: unknown) =>
    typeof value === 'string' && value.length <= 64 && isTimeZone(value)
      ? currentZoneName(value)
      : config.ownerTimeZone;

  function send(req: Request, res: Response, status: number, view: BookingPageView) {
    writePrepared(req, res, prepare({ body: identityBody(page(view), HTML), cacheControl: 'no-store' }), status);
  }
  /** A link that opens nothing: the page in the language of its address, with the reason. */
  function refuse(
    req: Request,
    res: Response,
    status: number,
    language: SiteLanguage,
    why: (say: Say) => { title: string; text: string },
  ) {
    const notice: Notice = { ...why(bookPageStrings(language)), tone: 'destructive' };
    send(req, res, status, { language, path: req.path, zone: config.ownerTimeZone, notice, lengthMinutes: 0 });
  }
  function openPage(
    req: Request,
    res: Response,
    status: number,
    view: Open,
    zone: string,
    extra: Partial<BookingPageView>,
  ) {
    const path = bookingPath(view.language, view.token);
    const booked = view.booking && {
      start: Date.parse(view.booking.starts_at),
      changeable: view.changeable,
      over: view.over,
    };
    // A call that can no longer change (within 2 hours, or over) is the page: no times below it to pick.
    const slots =
      booked && !booked.changeable
        ? undefined
        : typeof view.slots === 'string'
          ? view.slots
          : view.slots.map((slot) => slot.start);
    send(req, res, status, {
      language: view.language,
      path,
      zone,
      booked,
      slots,
      lengthMinutes: view.lengthMinutes,
      ...extra,
    });
  }
  function closed(req: Request, res: Response, view: Exclude<BookingView, Open>, language: SiteLanguage) {
    if (view.kind === 'off') return refuse(req, res, 404, language, (say) => ({ title: say.offTitle, text: say.off }));
    refuse(req, res, 403, language, (say) =>
      view.kind === 'expired'
        ? { title: say.expiredTitle, text: say.expired }
        : { title: say.invalidTitle, text: say.invalid },
    );
  }

  const router = Router({ caseSensitive: true, strict: true });
  const paths = SITE_LANGUAGES.map((language) => bookingPath(language, ':token'));
  const languageOfPath = (path: string): SiteLanguage => languageOfPrefix(path) ?? 'en';

  router.get(paths, async (req, res) => {
    const view = await bookings.view(String(req.params.token));
    const zone = zoneOf(req.query[BOOKING_FIELDS.zone]);
    if (req.accepts(['html', 'json']) === 'json') return json(res, view);
    if (view.kind !== 'open') return closed(req, res, view, languageOfPath(req.path));
    // The lead's language, whichever prefix the link was opened under.
    if (bookingPath(view.language, view.token) !== req.path)
      return res.redirect(302, `${bookingPath(view.language, view.token)}?${new URLSearchParams({ zone })}`);
    const slot = req.query[BOOKING_FIELDS.slot];
    // Turned off, a time's old confirmation link shows the page: the call, if any, and that none is offered.
    if (typeof slot !== 'string' || view.slots === 'off') return openPage(req, res, 200, view, zone, {});
    const start = offeredStart(view, slot);
    if (start === undefined) return openPage(req, res, 409, view, zone, { notice: noticeOf(view, 'not-offered') });
    openPage(req, res, 200, view, zone, { confirm: start });
  });

  const sameSite = rejectCrossSiteOrigin(config, (req, res) =>
    refuse(req, res, 403, languageOfPath(req.path), (say) => ({ title: say.invalidTitle, text: say.invalid })),
  );
  const form = express.urlencoded({ extended: false, limit: 2048, parameterLimit: 10 });
  router.post(paths, sameSite, limit, form, async (req, res) => {
    const language = languageOfPath(req.path);
    if (isOverLimit(res))
      return refuse(req, res, 429, language, (say) => ({ title: say.tooManyTitle, text: tooMany(config, language) }));
    const body = (req.body ?? {}) as Record<string, unknown>;
    const action = body[BOOKING_FIELDS.action];
    const slot = body[BOOKING_FIELDS.slot];
    const token = String(req.params.token);
    const email = typeof body[BOOKING_FIELDS.email] === 'string' ? (body[BOOKING_FIELDS.email] as string) : '';
    const zone = zoneOf(body[BOOKING_FIELDS.zone]);
    let change: BookingChange;
    if (action === BOOKING_ACTIONS.cancel) change = await bookings.cancel(token, email);
    else if (action === BOOKING_ACTIONS.book && typeof slot === 'string' && !Number.isNaN(Date.parse(slot)))
      change = await bookings.book(token, slot, zone, email);
    else return refuse(req, res, 400, language, (say) => ({ title: say.notOfferedTitle, text: say.notOffered }));
    if (!('view' in change)) return closed(req, res, change, language);
    const status = {
      booked: 200,
      moved: 200,
      cancelled: 200,
      taken: 409,
      'not-offered': 409,
      'not-booked': 409,
      'too-late': 403,
      'wrong-address': 403,
    };
    // A move refused for its address asks again for the same time, while it is still offered.
    const again = change.kind === 'wrong-address' ? offeredStart(change.view, slot) : undefined;
    openPage(req, res, status[change.kind], change.view, zone, {
      notice: noticeOf(change.view, change.kind, zone),
      ...(again === undefined ? {} : { confirm: again }),
    });
  });
  return router;
}

type Say = ReturnType<typeof bookPageStrings>;

function noticeOf(view: Open, kind: BookingChange['kind'], zone = 'UTC'): Notice {
  const say = bookPageStrings(view.language);
  const when = view.booking ? slotLabel(Date.parse(view.booking.starts_at), zone, view.language) : '';
  switch (kind) {
    case 'booked':
      return { title: say.bookedTitle, text: say.booked(when), tone: 'success' };
    case 'moved':
      return { title: say.movedTitle, text: say.moved(when), tone: 'success' };
    case 'cancelled':
      // Turned off, there is no other time to pick below.
      return {
        title: say.cancelledTitle,
        text: view.slots === 'off' ? say.cancellationSent : say.cancelled,
        tone: 'success',
      };
    case 'taken':
      return { title: say.takenTitle, text: say.taken, tone: 'destructive' };
    case 'too-late':
      return { title: say.tooLateTitle, text: view.over ? say.over : say.tooLate, tone: 'destructive' };
    case 'not-booked':
      return { title: say.notBookedTitle, text: say.notBooked, tone: 'destructive' };
    case 'wrong-address':
      return { title: say.wrongAddressTitle, text: say.wrongAddress, tone: 'destructive' };
    default:
      return { title: say.notOfferedTitle, text: say.notOffered, tone: 'destructive' };
  }
}

/** The start (UTC ms) of the time `slot` names, when the link offers it. */
function offeredStart(view: Open, slot: unknown): number | undefined {
  const start = typeof slot === 'string' ? Date.parse(slot) : Number.NaN;
  return Array.isArray(view.slots) && view.slots.some((s) => s.start === start) ? start : undefined;
}

function tooMany(config: Pick<Config, 'leadRateWindowMs'>, language: SiteLanguage): string {
  return serverStrings(language).rateLimited(minutesOf(config.leadRateWindowMs));
}

/** The times as data, for the form's panel: it shows them in the browser's zone and links to their confirmation. */
function json(res: Response, view: BookingView) {
  res.setHeader('Cache-Control', 'no-store');
  if (view.kind !== 'open') return void res.status(view.kind === 'off' ? 404 : 403).json({ error: view.kind });
  // Turned off, the panel offers nothing (the link's page still shows a booked call, to cancel it).
  if (view.slots === 'off') return void res.status(404).json({ error: 'off' });
  const times: BookingTimes = {
    path: bookingPath(view.language, view.token),
    lengthMinutes: view.lengthMinutes,
    booked: view.booking?.starts_at ?? null,
    changeable: view.changeable,
    slots: view.slots === 'unavailable' ? 'unavailable' : view.slots.map((slot) => new Date(slot.start).toISOString()),
  };
  res.json(times);
}
