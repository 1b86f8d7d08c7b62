/**
 * A feed's text expanded into busy times in a process of its own (feedWorker.ts): the server's event loop keeps
 * answering while a large calendar is read, and ical.js and the calendar's tree never stay in its memory.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Interval } from '../contract/booking';
import type { Expanded } from './feedWorker';

// A feed of thousands of events takes well under a second; one that takes this long is refused as unreadable.
const EXPANSION_TIMEOUT_MS = 30_000;

/** The process's script: beside this module in the sources (run through tsx), beside the bundle in dist/. */
function workerScript(): { path: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const path = fileURLToPath(new URL(fromSources ? './feedWorker.ts' : './feedWorker.js', import.meta.url));
  return { path, execArgv: fromSources ? ['--import', 'tsx'] : [] };
}

/** The busy times of an ICS text over `span` in `zone`; rejects with the reason when the text is no calendar. */
export function expandInProcess(body: string, span: Interval, zone: string): Promise<Interval[]> {
  const { path, execArgv } = workerScript();
  return new Promise((resolve, reject) => {
    const child = fork(path, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let settled = false;
    const finish = (outcome: Expanded) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      if (outcome.ok) resolve(outcome.busy);
      else reject(new Error(outcome.error));
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: 'the calendar feed took too long to read' }),
      EXPANSION_TIMEOUT_MS,
    );
    child.once('message', (message: Expanded) => finish(message));
    child.once('exit', () => finish({ ok: false, error: 'the calendar feed could not be read' }));
    child.once('error', () => finish({ ok: false, error: 'the calendar feed could not be read' }));
    child.send({ body, span, zone });
  });
}
