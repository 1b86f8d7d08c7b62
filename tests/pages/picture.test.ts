/**
 * The uploaded images on the page: without them the hero is its illustration and the video card the
 * host's thumbnail, exactly as before uploads existed (the content may even name an image that is not
 * stored); with them, each is a <picture> of AVIF, WebP and a JPEG fallback with its size set.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import { profile } from '../../src/content/content';
import { shippedContent } from '../../src/content/defaults';
import type { Content } from '../../src/content/schema';
import type { ImageSet, ImageSets } from '../../src/contract/images';
import { assetsDir } from '../../src/lib/paths';
import { loadAssets } from '../../src/pages/assets';
import { renderSite } from '../../src/pages/site';
import { edited } from '../support/contentEdits';

const assets = loadAssets(assetsDir);
const render = (content: unknown, images?: ImageSets) =>
  renderSite(profile, 'https://example.com', assets, { content: content as Content, images }).home;

const set = (name: string, widths: number[], ratio = 0.75): ImageSet => {
  const of = (ext: string) => widths.map((width) => ({ url: `/assets/${name}-${width}w.${ext}`, width }));
  const widest = widths[widths.length - 1] as number;
  return { width: widest, height: widest * ratio, sources: { avif: of('avif'), webp: of('webp'), jpeg: of('jpg') } };
};

const withPhoto = edited('hero.photo', { id: 'p1', alt: { en: 'Anna at her desk' } });

describe('the uploaded images on the page', () => {
  it('renders the page as before without any: the illustration and the video host thumbnail', () => {
    const page = render(shippedContent);
    assert.equal(render(shippedContent, {}), page);
    assert.equal(render(shippedContent, { p1: set('photo', [400]) }), page, 'an image the content does not name');
    assert.doesNotMatch(page, /<picture/);
    assert.match(page, /class="hero-graphic"/);
    assert.ok(page.includes(profile.videoThumbnailUrl));
    // The content names a photo that is not stored: the illustration still.
    assert.doesNotMatch(render(withPhoto, {}), /<picture/);
  });

  it('shows the photo as a <picture>, fetched first, with its size and every width', () => {
    const html = render(withPhoto, { p1: set('photo', [400, 600, 800, 1200]) });
    const picture = parse(html).querySelector('.hero-visual picture.hero-photo');
    assert.ok(picture);
    assert.ok(!parse(html).querySelector('.hero-graphic'));
    const [avif, webp] = picture.querySelectorAll('source');
    assert.equal(avif?.getAttribute('type'), 'image/avif');
    assert.equal(
      avif?.getAttribute('srcset'),
      '/assets/photo-400w.avif 400w, /assets/photo-600w.avif 600w, /assets/photo-800w.avif 800w, /assets/photo-1200w.avif 1200w',
    );
    assert.equal(webp?.getAttribute('type'), 'image/webp');
    const img = picture.querySelector('img');
    assert.equal(img?.getAttribute('src'), '/assets/photo-800w.jpg');
    assert.match(
      img?.getAttribute('srcset') ?? '',
      /^\/assets\/photo-400w\.jpg 400w, .* \/assets\/photo-1200w\.jpg 1200w$/,
    );
    assert.equal(img?.getAttribute('sizes'), '(min-width: 960px) 540px, 100vw');
    assert.deepEqual([img?.getAttribute('width'), img?.getAttribute('height')], ['1200', '900']);
    assert.equal(img?.getAttribute('alt'), 'Anna at her desk');
    assert.equal(img?.getAttribute('fetchpriority'), 'high');
    assert.ok(!img?.hasAttribute('loading'));
    // The claim stays over the photo.
    assert.match(html, /<\/picture><p class="hero-claim">/);
  });

  it("shows an uploaded thumbnail lazily, and names nothing of the video host's", () => {
    const html = render(edited('video.thumbnail', 't1'), { t1: set('thumbnail', [480, 960]) });
    assert.ok(!html.includes(profile.videoThumbnailUrl));
    const img = parse(html).querySelector('.video-card picture img');
    assert.equal(img?.getAttribute('loading'), 'lazy');
    assert.ok(!img?.hasAttribute('fetchpriority'));
    assert.equal(img?.getAttribute('alt'), shippedContent.video.thumbnailAlt.en);
    assert.equal(img?.getAttribute('src'), '/assets/thumbnail-480w.jpg');
  });
});
