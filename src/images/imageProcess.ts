/**
 * Uploads are processed in a process of their own (src/images/imageWorker.ts), one at a time: the
 * server never loads sharp, and the memory a 12-megapixel photo takes while it is decoded and encoded
 * (about 90 MB at its peak) goes back to the system when that process exits, instead of staying in
 * the server's heap. The cheap refusals (empty, too large, not an image) are answered here first.
 */
import { type ChildTask, runChildTask } from '../lib/childTask';
import { type ImagePurpose, type Processed, refusedAsDamaged, refusedUnread } from './resize';

const PROCESSING: ChildTask<Processed> = {
  callerUrl: import.meta.url,
  script: 'imageWorker',
  // Far longer than a 50-megapixel photo takes here (about 10 s); a file that keeps libvips busy longer is refused.
  timeoutMs: 60_000,
  // Ended without an answer (killed, out of memory, crashed in libvips): the file is refused as damaged.
  failed: () => refusedAsDamaged(),
};

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function inChildProcess(bytes: Buffer, purpose: ImagePurpose): Promise<Processed> {
  const processed = await runChildTask(PROCESSING, { bytes, purpose });
  if (!processed.ok) return processed;
  return { ...processed, files: processed.files.map((file) => ({ ...file, bytes: asBuffer(file.bytes) })) };
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
