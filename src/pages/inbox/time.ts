/**
 * Times as the owner reads them on his phone: a stored time in his time zone,
 * and what is left of the 24-hour reply promise the page makes to visitors.
 */
import { createContext, useContext } from 'react';

const HOUR_MS = 3_600_000;
const PROMISE_MS = 24 * HOUR_MS;

/** "2026-11-26 06:05 GMT-3" from a stored ISO time: the owner's zone is configuration, which the pages never read. */
export type ShowTime = (isoTime: string) => string;

/** Given by createInboxPages to every page it renders, so a component at any depth shows times alike. */
export const OwnerTime = createContext<ShowTime | undefined>(undefined);

/** How this page shows a stored time to the owner. */
export function useShowTime(): ShowTime {
  const showTime = useContext(OwnerTime);
  if (!showTime) throw new Error('An inbox page shows times only when rendered by createInboxPages');
  return showTime;
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

/** What is left of the 24-hour promise for a lead received at `createdAt`, at `now`; a booked call keeps it. */
export function promiseLeft(createdAt: string, status: string, now: number, callBooked = false): PromiseLeft {
  if (status !== 'new') return { text: `Answered (${status})`, state: 'answered' };
  if (callBooked) return { text: 'Call booked', state: 'answered' };
  const left = Date.parse(createdAt) + PROMISE_MS - now;
  if (left <= 0) return { text: `Overdue by ${duration(-left)}`, state: 'overdue' };
  return { text: `${duration(left)} left`, state: 'running' };
}
