/**
 * The image process: started by the server for one upload (src/images/imageProcess.ts), it loads
 * sharp, makes the upload's files, sends them back and exits. libvips and the tens of megabytes a
 * large photo takes while it is decoded and encoded live and die with it, never in the server; a
 * hostile file that crashed libvips would end this process, not the site.
 */
import type { ImagePurpose, Processed } from './resize';
import { resizeHere } from './resize';

process.once('message', async (message: { bytes: Uint8Array; purpose: ImagePurpose }) => {
  const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
  const processed: Processed = await resizeHere(bytes, message.purpose);
  process.send?.(processed, () => process.exit(0));
});
