/**
 * One request answered by a script in a process of its own, then that process ended: work whose memory or time must
 * never stay in the server (an upload's decoding, a large calendar's expansion). The script sits beside its caller:
 * the .ts file in the sources (run through tsx, as the tests do), the .js bundle beside dist/server.js (built as an
 * entry of its own by scripts/build.mjs).
 */
import { fork, type Serializable } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ChildTask<Answer> {
  /** The caller's import.meta.url, and the script's name beside it without extension ("feedWorker"). */
  callerUrl: string;
  script: string;
  /** After this long the process is killed and the task fails. */
  timeoutMs: number;
  /** The answer when the process gives none: it took too long, or ended (killed, out of memory, crashed). */
  failed: (why: 'timeout' | 'ended') => Answer;
}

function scriptOf(callerUrl: string, script: string): { path: string; execArgv: string[] } {
  const fromSources = callerUrl.endsWith('.ts');
  const path = fileURLToPath(new URL(`./${script}${fromSources ? '.ts' : '.js'}`, callerUrl));
  return { path, execArgv: fromSources ? ['--import', 'tsx'] : [] };
}

/** Sends `request` to a new process of the script and resolves with its first answer (or `failed`'s), once. */
export function runChildTask<Request extends Serializable, Answer>(
  task: ChildTask<Answer>,
  request: Request,
): Promise<Answer> {
  const { path, execArgv } = scriptOf(task.callerUrl, task.script);
  return new Promise((resolve) => {
    const child = fork(path, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let answered = false;
    const finish = (answer: Answer) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      child.kill();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(task.failed('timeout')), task.timeoutMs);
    child.once('message', (message: Answer) => finish(message));
    child.once('exit', () => finish(task.failed('ended')));
    child.once('error', () => finish(task.failed('ended')));
    child.send(request);
  });
}
