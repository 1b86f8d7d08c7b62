/**
 * 'Watch My Interview': a thumbnail from the video host that opens the video
 * page in a new tab. No embedded player: it would load a third-party script.
 */
import { Play } from 'lucide-react';
import type { PageText } from '../../content/language';
import { ExternalLink } from '../components/ExternalLink';

export function Video({
  video,
  videoUrl,
  thumbnailUrl,
}: {
  video: PageText['video'];
  videoUrl: string;
  thumbnailUrl: string;
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
          <img src={thumbnailUrl} alt={video.thumbnailAlt} width={480} height={360} loading="lazy" decoding="async" />
          <span className="video-play" aria-hidden="true">
            <Play size={30} focusable="false" />
          </span>
          <span className="video-caption">{video.caption}</span>
        </ExternalLink>
      </div>
    </section>
  );
}
