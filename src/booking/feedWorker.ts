/**
 * The calendar process: started by the server for one feed text (src/booking/feedExpansion.ts), it loads ical.js,
 * reads the text, expands its events over the span asked, sends the busy times back and exits. Reading a large
 * feed takes a third of a second of CPU and tens of megabytes: here they never stall the server's requests, and
 * the memory goes back to the system with this process.
 */
import type { Interval } from '../contract/booking';
import { loadIcal } from '../lib/ical';
import { busyTimesIn, readCalendar } from './busyTimes';

export type Expanded = { ok: true; busy: Interval[] } | { ok: false; error: string };

process.once('message', async (message: { body: string; span: Interval; zone: string }) => {
  let expanded: Expanded;
  try {
    await loadIcal();
    expanded = { ok: true, busy: busyTimesIn(readCalendar(message.body), message.span, message.zone) };
  } catch (err) {
    // ical.js's own words when a series breaks it ("Invalid array length"): said to be the feed's, for the owner.
    const message = err instanceof Error ? err.message : String(err);
    const error = message.startsWith('the calendar feed')
      ? message
      : `the calendar feed has an event that cannot be expanded: ${message}`;
    expanded = { ok: false, error };
  }
  process.send?.(expanded, () => process.exit(0));
});
