/**
 * What the bytes of an upload are. The type is read from the bytes (a file's name and declared type
 * are the browser's guess, or an attacker's choice); sharp's own reading of them follows in resize.ts.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const startsWith = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/**
 * The format the file's first bytes announce, or undefined. AVIF is an ISO media file whose `ftyp`
 * box names the avif brand (as its major brand or among the compatible ones).
 */
export function formatOfBytes(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (startsWith(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'webp';
  if (startsWith(bytes, 4, 'ftyp')) {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let at = 8; at + 4 <= boxSize; at += 4) if (startsWith(bytes, at, 'avif')) return 'avif';
  }
  return undefined;
}
