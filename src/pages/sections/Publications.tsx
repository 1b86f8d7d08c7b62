/** 'International Expertise': six publications, each an external link. */
import { ExternalLink as ExternalIcon } from 'lucide-react';
import { publications, publicationsSection } from '../../content/content';
import { ExternalLink } from '../components/ExternalLink';
import { Flag } from '../components/Flag';

export function Publications() {
  return (
    <section className="section" id="publications" aria-labelledby="publications-title">
      <div className="container">
        <p className="eyebrow">Publications</p>
        <h2 id="publications-title">{publicationsSection.heading}</h2>
        <p className="section-intro">{publicationsSection.intro}</p>
        <ul className="card-grid publications-grid" role="list">
          {publications.map((p) => (
            <li key={p.url}>
              <ExternalLink href={p.url} className="card card-link publication-card">
                <span className="publication-country">
                  <Flag country={p.flag} />
                  {p.countryName}
                </span>
                <span className="publication-title">{p.title}</span>
                <span className="publication-media">
                  {p.media}
                  <ExternalIcon className="icon" aria-hidden="true" focusable="false" size={16} />
                </span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
