/** 'International Expertise': the publications, each an external link. */
import { ExternalLink as ExternalIcon } from 'lucide-react';
import type { PageText } from '../../content/language';
import { ExternalLink } from '../components/ExternalLink';
import { Flag } from '../components/Flag';
import { usePageStrings } from '../pageStrings';

export function Publications({
  section,
  publications,
}: Pick<PageText, 'publications'> & { section: PageText['publicationsSection'] }) {
  const say = usePageStrings();
  return (
    <section className="section" id="publications" aria-labelledby="publications-title">
      <div className="container">
        <p className="eyebrow">{section.eyebrow}</p>
        <h2 id="publications-title">{section.heading}</h2>
        <p className="section-intro">{section.intro}</p>
        <ul className="card-grid publications-grid" role="list">
          {publications.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rendered-once list
            <li key={i}>
              <ExternalLink href={p.url} className="card card-link publication-card">
                <span className="publication-country">
                  <Flag country={p.country} />
                  {say.countries[p.country]}
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
