/** Hero: who this is, the two headline numbers, the LinkedIn button and the illustration. */
import { ArrowRight, BriefcaseBusiness, TrendingUp } from 'lucide-react';
import type { PageText } from '../../content/language';
import { ExternalLink } from '../components/ExternalLink';
import { HeroGraphic } from '../components/HeroGraphic';

export function Hero({
  hero,
  ownerName,
  linkedinUrl,
}: {
  hero: PageText['hero'];
  ownerName: string;
  linkedinUrl: string;
}) {
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
              Book a free call
              <ArrowRight className="icon" aria-hidden="true" focusable="false" size={20} />
            </a>
          </div>
        </div>
        <div className="hero-visual">
          <HeroGraphic />
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
