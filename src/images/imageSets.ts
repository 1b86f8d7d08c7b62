/** An image's stored files as the page's `<picture>` names them (src/contract/images.ts). */
import { IMAGE_URL_PREFIX, type ImageSet } from '../contract/images';
import type { ImageFileRow } from './imagesTable';

/** The set of an image's variants; undefined when it has no JPEG to fall back on (no such image). */
export function imageSetOf(files: readonly ImageFileRow[]): ImageSet | undefined {
  const variants = files.filter((f) => f.role === 'variant').sort((a, b) => a.width - b.width);
  const of = (format: ImageFileRow['format']) =>
    variants.filter((f) => f.format === format).map((f) => ({ url: `${IMAGE_URL_PREFIX}${f.name}`, width: f.width }));
  const jpeg = variants.filter((f) => f.format === 'jpeg');
  const widest = jpeg[jpeg.length - 1];
  if (!widest) return undefined;
  return {
    width: widest.width,
    height: widest.height,
    sources: { avif: of('avif'), webp: of('webp'), jpeg: of('jpeg') },
  };
}

/** A stored file's Content-Type. */
export const IMAGE_TYPES: Record<ImageFileRow['format'], string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
