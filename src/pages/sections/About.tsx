/** About: the professional journey, conference talks and industry recognition. */
import { Award, MapPin } from 'lucide-react';
import type { PageText } from '../../content/language';

export function About({
  about,
  conferences,
  recognitions,
  ownerName,
}: Pick<PageText, 'about' | 'conferences' | 'recognitions'> & { ownerName: string }) {
  return (
    <section className="section section-soft" id="about" aria-labelledby="about-title">
      <div className="container about-grid">
        <div className="about-journey">
          <p className="eyebrow">{about.eyebrow}</p>
          <h2 id="about-title">{about.heading}</h2>
          <p className="about-name">{ownerName}</p>
          {about.journey.map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rendered-once list
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        <div className="about-lists">
          <h3>{about.conferencesHeading}</h3>
          <ul className="timeline" role="list">
            {conferences.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rendered-once list
              <li className="timeline-item" key={i}>
                <span className="year-badge">{c.year}</span>
                <div>
                  <p className="timeline-title">{c.name}</p>
                  <p className="timeline-meta">
                    <MapPin className="icon" aria-hidden="true" focusable="false" size={16} />
                    {c.location}
                  </p>
                  <p className="timeline-text">{c.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <h3>{about.recognitionHeading}</h3>
          <ul className="recognitions" role="list">
            {recognitions.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rendered-once list
              <li className="recognition" key={i}>
                <Award className="icon" aria-hidden="true" focusable="false" size={22} />
                <div>
                  <p className="timeline-title">
                    {r.title} <span className="recognition-year">· {r.year}</span>
                  </p>
                  <p className="timeline-text">{r.subtitle}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
