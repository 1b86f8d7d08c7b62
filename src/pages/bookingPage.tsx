/**
 * The booking page of a lead's link, rendered per request in the lead's language: the call if one is booked (with
 * its cancel button), then the free times in the visitor's time zone, grouped by day. Picking a time is a plain
 * link to its confirmation; only the confirmation's POST books it. No script: it works the same without
 * JavaScript, and the zone is chosen with a select (the form's panel links here with the browser's zone). Moving or
 * cancelling a booked call asks for the lead's address as well: the page is not kept from search engines, so its
 * link alone must not be enough to change a call.
 */
import type { Profile } from '../content/content';
import { BOOKING_ACTIONS, BOOKING_FIELDS, zoneLabel } from '../contract/booking';
import { FIELD_LIMITS } from '../contract/lead';
import { LANGUAGE_TAGS, pagePath, type SiteLanguage } from '../contract/languages';
import { bookPageStrings, siteStrings } from '../strings';
import { assetUrl, type Assets } from './assets';
import { Document } from './Document';
import { bookingZones, dayLabel, slotLabel, timeLabel } from './bookingTimes';
import { renderHtml } from './site';

/** What the page shows, in plain data: the HTTP layer puts it together from the booking's view. */
export interface BookingPageView {
  language: SiteLanguage;
  /** The page's own path (/book/T, /pt/book/T): its forms post here. */
  path: string;
  /** The visitor's time zone, an IANA name. */
  zone: string;
  /** A line at the top: what just happened, or why nothing can be booked. */
  notice?: { title: string; text: string; tone: 'success' | 'destructive' };
  /** The call booked (UTC ms), whether it can still be moved or cancelled here, and whether it is over. */
  booked?: { start: number; changeable: boolean; over: boolean };
  /** A time picked and to be confirmed (UTC ms). */
  confirm?: number;
  /**
   * The free times' starts (UTC ms); 'unavailable' when his calendar could not be read; 'off' when booking is
   * turned off (the call, if any, can still be cancelled); undefined: none shown.
   */
  slots?: readonly number[] | 'unavailable' | 'off';
  lengthMinutes: number;
}

export type BookingPage = (view: BookingPageView) => string;

export function createBookingPage(profile: Profile, assets: Assets): BookingPage {
  const stylesheet = assetUrl(assets, 'site.css');
  return (view) => {
    const { language, zone, path } = view;
    const say = bookPageStrings(language);
    const words =
      language === 'en' ? {} : { language: LANGUAGE_TAGS[language], skipLink: siteStrings(language).skipLink };
    const when = (ms: number) => slotLabel(ms, zone, language);
    const slotHref = (ms: number) =>
      `${path}?${new URLSearchParams({ [BOOKING_FIELDS.slot]: new Date(ms).toISOString(), [BOOKING_FIELDS.zone]: zone })}`;
    return renderHtml(
      <Document
        title={`${say.title} | ${profile.name}`}
        description={say.intro(view.lengthMinutes)}
        stylesheet={stylesheet}
        scripts={[]}
        siteName={profile.name}
        {...words}
      >
        <main id="main" className="lead-result booking">
          <div className="card lead-result-card booking-card">
            <h1>{say.title}</h1>
            {view.notice && (
              <div className={`booking-notice booking-notice-${view.notice.tone}`} role="status">
                <h2>{view.notice.title}</h2>
                <p>{view.notice.text}</p>
              </div>
            )}
            {view.booked && (
              <div className="booking-current">
                <p>{view.booked.over ? say.past(when(view.booked.start)) : say.current(when(view.booked.start))}</p>
                {/* While a new time is being confirmed, its form is the one to send: it moves the call. */}
                {view.booked.changeable && view.confirm === undefined && (
                  <form method="post" action={path} className="booking-cancel-form">
                    <input type="hidden" name={BOOKING_FIELDS.action} value={BOOKING_ACTIONS.cancel} />
                    <input type="hidden" name={BOOKING_FIELDS.zone} value={zone} />
                    <AddressField language={language} id="booking-email-cancel" />
                    <button type="submit" className="button button-outline booking-cancel">
                      {say.cancel}
                    </button>
                  </form>
                )}
                {!view.booked.changeable && !view.booked.over && <p>{say.tooLate}</p>}
              </div>
            )}
            {view.confirm !== undefined && (
              <form method="post" action={path} className="booking-confirm">
                <h2>{say.confirmTitle}</h2>
                <p className="booking-when">{when(view.confirm)}</p>
                <input type="hidden" name={BOOKING_FIELDS.action} value={BOOKING_ACTIONS.book} />
                <input type="hidden" name={BOOKING_FIELDS.slot} value={new Date(view.confirm).toISOString()} />
                <input type="hidden" name={BOOKING_FIELDS.zone} value={zone} />
                {view.booked && <AddressField language={language} id="booking-email-move" />}
                <button type="submit" className="button button-primary">
                  {say.confirm}
                </button>
                <a className="lead-result-back" href={`${path}?${BOOKING_FIELDS.zone}=${encodeURIComponent(zone)}`}>
                  {say.pickAnother}
                </a>
              </form>
            )}
            {view.slots === 'off' && <p className="booking-empty">{say.off}</p>}
            {view.slots !== undefined && view.slots !== 'off' && view.confirm === undefined && (
              <>
                <p className="lead-result-message">
                  {say.intro(view.lengthMinutes)} {view.booked?.changeable ? say.moveHint : ''}
                </p>
                <form method="get" action={path} className="booking-zone">
                  <label htmlFor="booking-zone">{say.zone}</label>
                  <select id="booking-zone" name={BOOKING_FIELDS.zone} defaultValue={zone}>
                    {bookingZones(zone).map((name) => (
                      <option key={name} value={name}>
                        {zoneLabel(name)}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="button button-outline">
                    {say.showTimes}
                  </button>
                </form>
                <Slots view={view} slots={view.slots} href={slotHref} />
              </>
            )}
            <a className="lead-result-back" href={pagePath(language)}>
              {say.backHome}
            </a>
          </div>
        </main>
      </Document>,
    );
  };
}

/**
 * The lead's address, typed again to move or cancel their call: the link alone does not change a booked call. The
 * browser fills it in (autocomplete), and checks its form before sending.
 */
function AddressField(props: { language: SiteLanguage; id: string }) {
  const say = bookPageStrings(props.language);
  return (
    <div className="field booking-address">
      <label htmlFor={props.id}>{say.emailLabel}</label>
      <input
        id={props.id}
        name={BOOKING_FIELDS.email}
        type="email"
        autoComplete="email"
        required
        maxLength={FIELD_LIMITS.email}
        aria-describedby={`${props.id}-hint`}
      />
      <p id={`${props.id}-hint`} className="booking-hint">
        {say.emailHint}
      </p>
    </div>
  );
}

function Slots(props: {
  view: BookingPageView;
  slots: readonly number[] | 'unavailable';
  href: (ms: number) => string;
}) {
  const { view, slots, href } = props;
  const say = bookPageStrings(view.language);
  if (slots === 'unavailable') return <p className="booking-empty">{say.unavailable}</p>;
  if (slots.length === 0) return <p className="booking-empty">{say.noSlots}</p>;
  const days = new Map<string, number[]>();
  for (const start of slots) {
    const day = dayLabel(start, view.zone, view.language);
    days.set(day, [...(days.get(day) ?? []), start]);
  }
  return (
    <div className="booking-days">
      <p className="booking-zone-shown">{say.zoneShown(zoneLabel(view.zone))}</p>
      {[...days].map(([day, starts]) => (
        <section key={day} className="booking-day" aria-label={day}>
          <h2>{day}</h2>
          <ul>
            {starts.map((start) => (
              <li key={start}>
                <a className="booking-slot" href={href(start)}>
                  {timeLabel(start, view.zone, view.language)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
