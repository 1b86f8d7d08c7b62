/**
 * 'Watch My Interview': a thumbnail that opens the video page in a new tab. No embedded player: it
 * would load a third-party script. An uploaded thumbnail is served from our own files, so the page
 * asks the video host for nothing until the visitor clicks; else the host's own thumbnail.
 */
import { Play } from 'lucide-react';
import type { PageText } from '../../content/language';
import type { ImageSet } from '../../contract/images';
import { ExternalLink } from '../components/ExternalLink';
import { Picture } from '../components/Picture';

// The card is beside the text from 960 px (about 580 px wide at most), the container's width below.
const THUMBNAIL_SIZES = '(min-width: 960px) 580px, 100vw';

export function Video({
  video,
  videoUrl,
  thumbnailUrl,
  thumbnail,
}: {
  video: PageText['video'];
  videoUrl: string;
  thumbnailUrl: string;
  /** The uploaded thumbnail's files, in place of the video host's. */
  thumbnail?: ImageSet;
}) {
  return (
    <section className="section section-soft" id="interview" aria-labelledby="interview-title">
      <div className="container video-layout">
        <div>
          <p className="eyebrow">{video.eyebrow}</p>
          <h2 id="interview-title">{video.heading}</h2>
          <p className="section-intro">{video.intro}</p>
        </div>
        <ExternalLink href={videoUrl} className="video-card">
          {thumbnail ? (
            <Picture image={thumbnail} alt={video.thumbnailAlt} sizes={THUMBNAIL_SIZES} />
          ) : (
            <img src={thumbnailUrl} alt={video.thumbnailAlt} width={480} height={360} loading="lazy" decoding="async" />
          )}
          <span className="video-play" aria-hidden="true">
            <Play size={30} focusable="false" />
          </span>
          <span className="video-caption">{video.caption}</span>
        </ExternalLink>
      </div>
    </section>
  );
}
