/**
 * ical.js, loaded on first use: 270 KB of code and 3.6 MB of resident memory that a site without booking never
 * needs. Whatever reads or writes a calendar awaits `loadIcal()` once (the feed's read, a booking channel's send),
 * then calls `ical()`.
 */
import type ICAL from 'ical.js';
import { loadOnce } from './loadOnce';

let loaded: typeof ICAL | undefined;
const loader = loadOnce(async () => {
  loaded = (await import('ical.js')).default;
  return loaded;
});

/** Loads ical.js, once. */
export const loadIcal = (): Promise<typeof ICAL> => loader.get();

/** ical.js, once loadIcal() resolved; before that a programming error, said as such. */
export function ical(): typeof ICAL {
  if (!loaded) throw new Error('ical.js is used before loadIcal() resolved');
  return loaded;
}
