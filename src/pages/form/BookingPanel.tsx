/**
 * Under the form, once a verified lead was stored and the owner takes bookings: the next free times in the
 * visitor's own time zone (the browser's), grouped by day. Each time links to its confirmation on the booking
 * page, which books it; the zone can be changed there. The panel only reads: nothing is booked from here.
 */
import { useEffect, useState } from 'react';
import { BOOKING_FIELDS, type BookingTimes, zoneLabel } from '../../contract/booking';
import type { SiteLanguage } from '../../contract/languages';
import { formStrings } from '../../strings/form';
import { currentZoneName, dayLabel, slotLabel, timeLabel } from '../bookingTimes';

/** The panel shows this many days with free times; the booking page shows them all. */
const DAYS_SHOWN = 3;

type Times =
  | { state: 'loading' }
  | { state: 'unavailable' }
  /**
   * booked: the start of the call this person already has (from an earlier send of the form), if any; fixed when it
   * is too near to move here (the server then offers no time).
   */
  | { state: 'ready'; slots: number[]; booked?: number; fixed: boolean };

export function BookingPanel({ path, language }: { path: string; language: SiteLanguage }) {
  const say = formStrings(language);
  const [times, setTimes] = useState<Times>({ state: 'loading' });
  const zone = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

  useEffect(() => {
    let current = true;
    fetch(path, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : undefined))
      // Read as untrusted: an answer of another shape (a proxy's error page as JSON) shows "unavailable".
      .then((data: Partial<BookingTimes> | undefined) => {
        if (!current) return;
        const slots = Array.isArray(data?.slots) ? data.slots.map((slot) => Date.parse(String(slot))) : undefined;
        const booked = typeof data?.booked === 'string' ? Date.parse(data.booked) : Number.NaN;
        setTimes(
          slots
            ? {
                state: 'ready',
                slots: slots.filter((ms) => !Number.isNaN(ms)),
                ...(Number.isNaN(booked) ? {} : { booked }),
                fixed: data?.changeable === false,
              }
            : { state: 'unavailable' },
        );
      })
      .catch(() => current && setTimes({ state: 'unavailable' }));
    return () => {
      current = false;
    };
  }, [path]);

  const page = (extra: Record<string, string>) =>
    `${path}?${new URLSearchParams({ ...extra, [BOOKING_FIELDS.zone]: zone })}`;
  const days = new Map<string, number[]>();
  if (times.state === 'ready')
    for (const start of times.slots) {
      const day = dayLabel(start, zone, language);
      if (days.has(day) || days.size < DAYS_SHOWN) days.set(day, [...(days.get(day) ?? []), start]);
    }

  return (
    <section className="booking-panel" aria-labelledby="booking-panel-title">
      <h3 id="booking-panel-title">{say.pickTitle}</h3>
      <p className="booking-panel-zone">
        {say.timesIn(zoneLabel(zone))} <a href={page({})}>{say.changeZone}</a>
      </p>
      {times.state === 'loading' && <p aria-live="polite">{say.loadingSlots}</p>}
      {times.state === 'unavailable' && <p>{say.unavailable}</p>}
      {times.state === 'ready' && times.booked !== undefined && (
        <p className="booking-panel-booked">
          {(times.fixed ? say.bookedSoon : say.bookedAlready)(slotLabel(times.booked, zone, language))}
        </p>
      )}
      {times.state === 'ready' && days.size === 0 && !times.fixed && <p>{say.noSlots}</p>}
      {[...days].map(([day, starts]) => (
        <div key={day} className="booking-day">
          <h4>{day}</h4>
          <ul>
            {starts.map((start) => (
              <li key={start}>
                <a className="booking-slot" href={page({ [BOOKING_FIELDS.slot]: new Date(start).toISOString() })}>
                  {timeLabel(start, zone, language)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
