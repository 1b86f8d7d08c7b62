/**
 * Uploads are processed in a process of their own (src/images/imageWorker.ts), one at a time: the
 * server never loads sharp, and the memory a 12-megapixel photo takes while it is decoded and encoded
 * (about 90 MB at its peak) goes back to the system when that process exits, instead of staying in
 * the server's heap. The cheap refusals (empty, too large, not an image) are answered here first.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type ImagePurpose, type Processed, refusedAsDamaged, refusedUnread } from './resize';

// Far longer than a 50-megapixel photo takes here (about 10 s); a file that keeps libvips busy longer is refused.
const PROCESS_TIMEOUT_MS = 60_000;

/**
 * The image process's script: beside this module in the sources (run through tsx, as the tests do),
 * beside the bundle in dist/ (scripts/build.mjs builds it as an entry of its own).
 */
function workerScript(): { path: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const path = fileURLToPath(new URL(fromSources ? './imageWorker.ts' : './imageWorker.js', import.meta.url));
  return { path, execArgv: fromSources ? ['--import', 'tsx'] : [] };
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function inChildProcess(bytes: Buffer, purpose: ImagePurpose): Promise<Processed> {
  const { path, execArgv } = workerScript();
  return new Promise((resolve) => {
    const child = fork(path, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let answered = false;
    const finish = (processed: Processed) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      child.kill();
      resolve(processed);
    };
    const timer = setTimeout(() => finish(refusedAsDamaged()), PROCESS_TIMEOUT_MS);
    child.once('message', (message: Processed) => {
      if (!message.ok) return finish(message);
      finish({ ...message, files: message.files.map((file) => ({ ...file, bytes: asBuffer(file.bytes) })) });
    });
    // Ended without an answer (killed, out of memory, crashed in libvips): the file is refused as damaged.
    child.once('exit', () => finish(refusedAsDamaged()));
    child.once('error', () => finish(refusedAsDamaged()));
    child.send({ bytes, purpose });
  });
}

// One upload at a time: two at once would double the memory on a small server.
let queue: Promise<unknown> = Promise.resolve();

/** The files to store for an upload, or why it is refused (nothing is stored then). */
export function processImage(bytes: Buffer, purpose: ImagePurpose): Promise<Processed> {
  const early = refusedUnread(bytes);
  if (early) return Promise.resolve(early);
  const run = queue.then(() => inChildProcess(bytes, purpose));
  queue = run.catch(() => undefined);
  return run;
}
