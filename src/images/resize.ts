/**
 * An upload turned into the files the page serves: a re-encoded full-size copy in the upload's own
 * format, and AVIF, WebP and JPEG (the fallback every browser reads) at the widths the page asks
 * for, never wider than the upload. Every file is encoded anew from the decoded pixels and sharp
 * writes no metadata unless asked, so no EXIF, GPS position, XMP or comment of the upload survives;
 * the EXIF orientation is applied to the pixels first, so a phone's photo keeps its way up.
 */
import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { loadSharp, type SharpModule } from './sharpLoader';
import {
  DAMAGED,
  EMPTY_FILE,
  NOT_AN_IMAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  tooLarge,
  tooManyPixels,
} from '../contract/images';
import { formatOfBytes, type ImageFormat } from './imageFormat';

export type ImagePurpose = 'photo' | 'thumbnail';

/**
 * The widths each image is served at. The hero's area is about 520 px wide beside the text and the
 * full width of a phone or a tablet below 960 px, at one to three device pixels per CSS pixel; the
 * video card is 480 by 360 beside its text (960 for sharp screens).
 */
export const WIDTHS: Record<ImagePurpose, readonly number[]> = { photo: [400, 600, 800, 1200], thumbnail: [480, 960] };

export interface ImageFile {
  /** The content-hashed name it is served under, from /assets/. */
  name: string;
  role: 'full' | 'variant';
  format: ImageFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export type Processed =
  | { ok: true; width: number; height: number; files: ImageFile[] }
  | { ok: false; error: string; tooLarge: boolean };

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

const refused = (error: string, large = false): Processed => ({ ok: false, error, tooLarge: large });

/** The widths of the variants: the page's widths below the upload's, and the upload's own when it is narrower than the widest. */
export function widthsFor(purpose: ImagePurpose, uploadWidth: number): number[] {
  const widths = WIDTHS[purpose];
  const widest = widths[widths.length - 1] as number;
  return [...new Set([...widths.filter((w) => w < uploadWidth), Math.min(uploadWidth, widest)])];
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'jpeg') return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  if (format === 'webp') return image.webp({ quality: 78, effort: 4 });
  if (format === 'avif') return image.avif({ quality: 55, effort: 3 });
  return image.png({ compressionLevel: 9, effort: 5 });
}

/** The full-size copy: as good as the upload, in its format. */
function encodeFull(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'jpeg') return image.jpeg({ quality: 90, mozjpeg: true });
  if (format === 'webp') return image.webp({ quality: 90 });
  if (format === 'avif') return image.avif({ quality: 75, effort: 2 });
  return image.png({ compressionLevel: 6 });
}

/**
 * Encodes one file and names it by its content. A variant's hash covers the full-size copy's name too:
 * two different uploads never share a file, even if their smallest JPEGs happened to be alike.
 */
async function toFile(image: Sharp, purpose: ImagePurpose, role: ImageFile['role'], format: ImageFormat, of = '') {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  const hash = createHash('sha256').update(of).update(data).digest('base64url').slice(0, 22);
  const size = role === 'full' ? 'full' : `${info.width}w`;
  const name = `${purpose}-${size}-${hash}.${EXTENSIONS[format]}`;
  return { name, role, format, width: info.width, height: info.height, bytes: data };
}

async function processNow(sharp: SharpModule, bytes: Buffer, purpose: ImagePurpose): Promise<Processed> {
  const input = () =>
    sharp(bytes, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS, sequentialRead: true }).autoOrient();
  let metadata: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return refused(DAMAGED);
  }
  const declared = formatOfBytes(bytes) as ImageFormat;
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (format !== declared) return refused(NOT_AN_IMAGE);
  if (!metadata.width || !metadata.height) return refused(DAMAGED);
  const pixels = metadata.width * metadata.height;
  if (pixels > UPLOAD_MAX_PIXELS) return refused(tooManyPixels(pixels));
  try {
    const full = await toFile(encodeFull(input(), declared), purpose, 'full', declared);
    const files: ImageFile[] = [full];
    for (const width of widthsFor(purpose, full.width)) {
      // Resized once per width, then encoded three times from those pixels.
      const { data, info } = await input().resize({ width }).raw().toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
      for (const variant of ['avif', 'webp', 'jpeg'] as const)
        files.push(await toFile(encode(sharp(data, raw), variant), purpose, 'variant', variant, full.name));
    }
    return { ok: true, width: full.width, height: full.height, files };
  } catch {
    // Whatever libvips says of a truncated or hostile file, the owner needs one sentence, and the process lives on.
    return refused(DAMAGED);
  }
}

/** What an upload's first bytes already refuse (empty, too large, not one of the four formats); undefined: go on. */
export function refusedUnread(bytes: Buffer): Processed | undefined {
  if (bytes.length === 0) return refused(EMPTY_FILE);
  if (bytes.length > UPLOAD_MAX_BYTES) return refused(tooLarge(bytes.length), true);
  if (formatOfBytes(bytes) === undefined) return refused(NOT_AN_IMAGE);
  return undefined;
}

/** The damaged-file answer, for a processing that ended without one (the image process died or took too long). */
export const refusedAsDamaged = (): Processed => refused(DAMAGED);

/**
 * The files to store for an upload, or why it is refused, computed in this process (the image
 * process, src/images/imageWorker.ts: the server hands uploads to it, see imageProcess.ts).
 */
export async function resizeHere(bytes: Buffer, purpose: ImagePurpose): Promise<Processed> {
  return refusedUnread(bytes) ?? processNow(await loadSharp(), bytes, purpose);
}
