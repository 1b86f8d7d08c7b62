/**
 * On the Booking page, what a new lead's booking link offers now by his saved settings, on or off (so he can check
 * his hours and his calendar before turning booking on), and how the reads of his calendar went: the answer to
 * "did my feed address work?" without waiting for a visitor.
 */
import { useShowTime } from './time';
import type { OfferedView } from './bookingViews';

export function OfferedTimes({ offered }: { offered: OfferedView }) {
  const showTime = useShowTime();
  const { enabled, days, first, count, none, meetingLink, calendar } = offered;
  const times = first.map((iso, i) => (
    <span key={iso}>
      {i > 0 && ', '}
      <time dateTime={iso}>{showTime(iso)}</time>
    </span>
  ));
  return (
    <section className="owner-card" aria-labelledby="booking-offered">
      <h2 id="booking-offered">What leads are offered now</h2>
      <p>
        {enabled
          ? 'Booking is on: each verified lead gets a link to these times.'
          : 'Booking is off: no lead gets a link. Once it is on, leads will be offered these times.'}
      </p>
      <p>
        {none === 'calendar'
          ? 'No time is offered: your calendar cannot be read, and no copy of it from the last 24 hours is kept. Leads read that you will reply by e-mail.'
          : none === 'no-hours'
            ? 'No time is offered: no weekly hours are set.'
            : count === 0
              ? `No time is free in the next ${days} days.`
              : [`${count} ${count === 1 ? 'time' : 'times'} in the next ${days} days; the first: `, ...times, '.']}
      </p>
      {!meetingLink && <p>The invitations carry no meeting link: set your room (Zoom, Meet) below.</p>}
      {calendar && (
        <p>
          {calendar.readAt ? (
            <>
              Your calendar was read <time dateTime={calendar.readAt}>{showTime(calendar.readAt)}</time>.
            </>
          ) : (
            'Your calendar has not been read yet.'
          )}
          {calendar.failedAt && (
            <>
              {' '}
              <strong>
                The last read failed <time dateTime={calendar.failedAt}>{showTime(calendar.failedAt)}</time>:{' '}
                {calendar.error}.
              </strong>
            </>
          )}
        </p>
      )}
    </section>
  );
}
