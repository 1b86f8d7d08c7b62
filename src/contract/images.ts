/**
 * The uploaded images, as the editor's form, the server and the page share them: what an upload may
 * be and the sentence for each way it is not, and an image as the page shows it (its shape, and its
 * files at each width in each format, served from /assets/).
 */

/** The form's file input: `<input type="file" name="image" accept="...">`. */
export const UPLOAD_FIELD = 'image';
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

const MEGABYTE = 1024 * 1024;
export const UPLOAD_MAX_MEGABYTES = 15;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MEGABYTES * MEGABYTE;
export const UPLOAD_MAX_MEGAPIXELS = 50;
export const UPLOAD_MAX_PIXELS = UPLOAD_MAX_MEGAPIXELS * 1_000_000;

export const NOT_AN_IMAGE = 'The file is not a JPEG, PNG, WebP or AVIF image.';
export const DAMAGED = 'The image is damaged or incomplete.';
export const EMPTY_FILE = 'The file is empty. Choose a JPEG, PNG, WebP or AVIF image.';
export const NO_FILE = 'No file was chosen. Choose a JPEG, PNG, WebP or AVIF image.';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const shown = (value: number) => value.toFixed(1).replace(/\.0$/, '');

/** The size of a file over the limit; `bytes` undefined: it was cut off at the limit, its size unknown. */
export function tooLarge(bytes: number | undefined): string {
  const megabytes = bytes === undefined ? 0 : oneDecimal(bytes / MEGABYTE);
  // Just over the limit would round to the limit itself, which reads as allowed.
  const size = megabytes > UPLOAD_MAX_MEGABYTES ? shown(megabytes) : `over ${UPLOAD_MAX_MEGABYTES}`;
  return `The file is ${size} MB; at most ${UPLOAD_MAX_MEGABYTES} MB.`;
}

export function tooManyPixels(pixels: number): string {
  const megapixels = oneDecimal(pixels / 1_000_000);
  const size = megapixels > UPLOAD_MAX_MEGAPIXELS ? shown(megapixels) : `over ${UPLOAD_MAX_MEGAPIXELS}`;
  return `The image is ${size} megapixels; at most ${UPLOAD_MAX_MEGAPIXELS}.`;
}

/** One file of an image: where it is served and how wide it is (for `srcset`). */
export interface ImageSource {
  url: string;
  width: number;
}

export interface ImageSet {
  /** The largest file's size in pixels, for the `<img>`'s width and height (its aspect ratio: no layout shift). */
  width: number;
  height: number;
  /** Each format's files, narrowest first. */
  sources: { avif: ImageSource[]; webp: ImageSource[]; jpeg: ImageSource[] };
}

/** The image sets the content refers to, by the image's id. */
export type ImageSets = Readonly<Record<string, ImageSet>>;

/** Where the stored image files are served: this + the file's hashed name. */
export const IMAGE_URL_PREFIX = '/assets/';
