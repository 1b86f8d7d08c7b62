/**
 * The inbox's Booking page: his availability for calls as one form, each key of `booking show` with its value, the
 * hours read in his time zone. The calendar feed's address is a secret: its field is always empty, its current
 * value shown masked beside it; left empty it is kept, and only the checkbox under it removes it.
 */
import type { ReactNode } from 'react';
import { AVAILABILITY_UNITS, type AvailabilityKey, HOURS_EXAMPLE } from '../../contract/booking';
import { CSRF_FIELD, INBOX_PATHS, REMOVE_FEED_FIELD } from '../../contract/inbox';
import type { BookingSettingsView, ShownKey } from './bookingViews';
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import { OfferedTimes } from './OfferedTimes';

/** The numeric keys: their labels and units (the server says the allowed range when a value is outside it). */
const NUMBERS: [ShownKey, string, string][] = [
  ['length', 'Length of a call', AVAILABILITY_UNITS.length],
  ['buffer', 'Kept free before and after each call', AVAILABILITY_UNITS.buffer],
  ['notice', 'Earliest slot offered, from now', AVAILABILITY_UNITS.notice],
  ['days', 'Slots offered for the next', AVAILABILITY_UNITS.days],
];

const idOf = (key: AvailabilityKey) => `booking-${key}`;

function Field(props: {
  name: AvailabilityKey;
  label: string;
  hint?: ReactNode;
  view: BookingSettingsView;
  children: (aria: Record<string, string | boolean | undefined>) => ReactNode;
}) {
  const { name, label, hint, view, children } = props;
  const error = view.errors[name];
  const id = idOf(name);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <p className="owner-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="owner-field-hint">
          {hint}
        </span>
      )}
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {error && (
        <span id={`${id}-error`} className="owner-field-error" role="alert">
          {error}
        </span>
      )}
    </p>
  );
}

export function AvailabilityPage({ view, assets }: { view: BookingSettingsView; assets: InboxPageAssets }) {
  const { values, errors } = view;
  const refused = Object.keys(errors).length;
  return (
    <InboxLayout assets={assets} title="Booking" csrf={view.csrf} current="booking" notice={view.notice}>
      <h1>Booking</h1>
      <p>
        Times are in your time zone, <strong>{view.timeZone}</strong>. Slots are offered, and booking links sent to
        leads, only while booking is on. <a href={INBOX_PATHS.calls}>Upcoming calls</a>
      </p>
      <OfferedTimes offered={view.offered} />
      {refused > 0 && (
        <p className="owner-card owner-errors" role="alert">
          {`Nothing was saved: ${refused === 1 ? 'one value' : `${refused} values`} to fix below.`}
        </p>
      )}
      <form method="post" action={INBOX_PATHS.booking} className="owner-card">
        <input type="hidden" name={CSRF_FIELD} value={view.csrf} />
        <Field name="enabled" label="Booking" view={view}>
          {(aria) => (
            <select {...aria} defaultValue={values.enabled}>
              <option value="false">Off</option>
              <option value="true">On</option>
            </select>
          )}
        </Field>
        <Field
          name="hours"
          label="Weekly hours"
          hint={`For example: ${HOURS_EXAMPLE}. "off" clears every day.`}
          view={view}
        >
          {(aria) => <input {...aria} type="text" defaultValue={values.hours} autoComplete="off" spellCheck={false} />}
        </Field>
        {NUMBERS.map(([key, label, unit]) => (
          <Field key={key} name={key} label={`${label} (${unit})`} view={view}>
            {(aria) => <input {...aria} type="number" step={1} inputMode="numeric" defaultValue={values[key]} />}
          </Field>
        ))}
        <Field
          name="meeting-url"
          label="Meeting room link (Zoom, Meet)"
          hint="Put in the invites; a new link goes to the calls already booked too. Empty for none."
          view={view}
        >
          {(aria) => <input {...aria} type="url" defaultValue={values['meeting-url']} autoComplete="off" />}
        </Field>
        <Field
          name="feed-url"
          label="Calendar feed (its secret ICS address)"
          hint={
            view.feedMasked === ''
              ? 'None set: only your hours and booked calls decide the slots.'
              : `Now ${view.feedMasked} (never shown in full). Leave empty to keep it.`
          }
          view={view}
        >
          {(aria) => <input {...aria} type="text" defaultValue="" autoComplete="off" spellCheck={false} />}
        </Field>
        {view.feedTyped && !errors['feed-url'] && (
          <p className="owner-field-error">The new feed address was not saved: type it again.</p>
        )}
        {view.feedMasked !== '' && (
          <p className="owner-field">
            <label>
              <input type="checkbox" name={REMOVE_FEED_FIELD} value="yes" /> Remove the calendar feed
            </label>
          </p>
        )}
        <button type="submit" className="owner-button owner-button-primary">
          Save
        </button>
      </form>
    </InboxLayout>
  );
}
