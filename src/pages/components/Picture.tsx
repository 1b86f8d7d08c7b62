/**
 * An uploaded image as a `<picture>`: AVIF, then WebP, then the JPEG every browser reads, each at
 * every stored width so the browser fetches the one its layout (`sizes`) and screen need. Width and
 * height give the `<img>` its aspect ratio before a byte arrives, so nothing below it moves.
 */
import type { ImageSet, ImageSource } from '../../contract/images';

const srcSet = (sources: readonly ImageSource[]) => sources.map((s) => `${s.url} ${s.width}w`).join(', ');

// For a browser that ignores srcset: a middling width, not the largest.
const FALLBACK_WIDTH = 800;

export function Picture({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: ImageSet;
  alt: string;
  /** The width the image takes in the layout, as the `sizes` attribute says it. */
  sizes: string;
  className?: string;
  /** The first thing a visitor sees: fetched at once and early; anything else loads when it comes near. */
  priority?: boolean;
}) {
  const { avif, webp, jpeg } = image.sources;
  const fallback = jpeg.filter((s) => s.width <= FALLBACK_WIDTH).pop() ?? (jpeg[0] as ImageSource);
  return (
    <picture className={className}>
      {avif.length > 0 && <source type="image/avif" srcSet={srcSet(avif)} sizes={sizes} />}
      {webp.length > 0 && <source type="image/webp" srcSet={srcSet(webp)} sizes={sizes} />}
      <img
        src={fallback.url}
        srcSet={srcSet(jpeg)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        decoding="async"
        loading={priority ? undefined : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
