/**
 * A feed's text expanded into busy times in a process of its own (feedWorker.ts): the server's event loop keeps
 * answering while a large calendar is read, and ical.js and the calendar's tree never stay in its memory.
 */
import type { Interval } from '../contract/booking';
import { type ChildTask, runChildTask } from '../lib/childTask';
import type { Expanded } from './feedWorker';

const EXPANSION: ChildTask<Expanded> = {
  callerUrl: import.meta.url,
  script: 'feedWorker',
  // A feed of thousands of events takes well under a second; one that takes this long is refused as unreadable.
  timeoutMs: 30_000,
  failed: (why) => ({
    ok: false,
    error: why === 'timeout' ? 'the calendar feed took too long to read' : 'the calendar feed could not be read',
  }),
};

/** The busy times of an ICS text over `span` in `zone`; rejects with the reason when the text is no calendar. */
export async function expandInProcess(body: string, span: Interval, zone: string): Promise<Interval[]> {
  const outcome = await runChildTask(EXPANSION, { body, span, zone });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.busy;
}
