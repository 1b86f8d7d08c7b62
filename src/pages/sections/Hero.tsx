/** Hero: who this is, the two headline numbers, the LinkedIn button, and the owner's photo or else the illustration. */
import { ArrowRight, BriefcaseBusiness, TrendingUp } from 'lucide-react';
import type { PageText } from '../../content/language';
import type { ImageSet } from '../../contract/images';
import { ExternalLink } from '../components/ExternalLink';
import { HeroGraphic } from '../components/HeroGraphic';
import { Picture } from '../components/Picture';
import { usePageStrings } from '../pageStrings';

// The image area is a column beside the text from 960 px (about 520 px wide at most), the container's width below.
const PHOTO_SIZES = '(min-width: 960px) 540px, 100vw';

export function Hero({
  hero,
  ownerName,
  linkedinUrl,
  photo,
}: {
  hero: PageText['hero'];
  ownerName: string;
  linkedinUrl: string;
  /** The uploaded photo's files; without them, the illustration. */
  photo?: ImageSet;
}) {
  const say = usePageStrings();
  return (
    <section className="hero" id="top" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow eyebrow-light">
            {ownerName} · {hero.eyebrow}
          </p>
          <h1 id="hero-title">{hero.headline}</h1>
          <p className="hero-intro">{hero.intro}</p>
          <dl className="stats">
            {hero.stats.map((stat, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rendered-once list
              <div className="stat" key={i}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className="hero-actions">
            <ExternalLink href={linkedinUrl} className="button button-accent">
              <BriefcaseBusiness className="icon" aria-hidden="true" focusable="false" size={20} />
              {hero.linkedinLabel}
            </ExternalLink>
            <a href="#contact" className="button button-outline-light">
              {say.bookCall}
              <ArrowRight className="icon" aria-hidden="true" focusable="false" size={20} />
            </a>
          </div>
        </div>
        <div className="hero-visual">
          {photo && hero.photo ? (
            <Picture image={photo} alt={hero.photo.alt} sizes={PHOTO_SIZES} className="hero-photo" priority />
          ) : (
            <HeroGraphic />
          )}
          <p className="hero-claim">
            <TrendingUp className="icon" aria-hidden="true" focusable="false" size={22} />
            <span>
              <strong>{hero.gmvClaim.value}</strong> {hero.gmvClaim.label}
            </span>
          </p>
        </div>
      </div>
    </section>
  );
}
