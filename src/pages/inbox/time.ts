/**
 * Times as the owner reads them on his phone: the stored UTC time, shortened,
 * and what is left of the 24-hour reply promise the page makes to visitors.
 */
const HOUR_MS = 3_600_000;
const PROMISE_MS = 24 * HOUR_MS;

/** "2026-11-26 09:05 UTC" from a stored ISO time. */
export function shortTime(isoTime: string): string {
  return isoTime.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
}

function duration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

export interface PromiseLeft {
  text: string;
  /** overdue: the 24 hours ran out with the lead still new; answered: it is marked. */
  state: 'running' | 'overdue' | 'answered';
}

/** What is left of the 24-hour promise for a lead received at `createdAt`, at `now`. */
export function promiseLeft(createdAt: string, status: string, now: number): PromiseLeft {
  if (status !== 'new') return { text: `Answered (${status})`, state: 'answered' };
  const left = Date.parse(createdAt) + PROMISE_MS - now;
  if (left <= 0) return { text: `Overdue by ${duration(-left)}`, state: 'overdue' };
  return { text: `${duration(left)} left`, state: 'running' };
}
