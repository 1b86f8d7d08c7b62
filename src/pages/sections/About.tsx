/** About: the professional journey, conference talks and industry recognition. */
import { Award, MapPin } from 'lucide-react';
import { about, conferences, recognitions } from '../../content/content';

export function About({ ownerName }: { ownerName: string }) {
  return (
    <section className="section section-soft" id="about" aria-labelledby="about-title">
      <div className="container about-grid">
        <div className="about-journey">
          <p className="eyebrow">About</p>
          <h2 id="about-title">{about.heading}</h2>
          <p className="about-name">{ownerName}</p>
          {about.journey.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
        </div>
        <div className="about-lists">
          <h3>{about.conferencesHeading}</h3>
          <ul className="timeline" role="list">
            {conferences.map((c) => (
              <li className="timeline-item" key={`${c.name}-${c.year}`}>
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
            {recognitions.map((r) => (
              <li className="recognition" key={r.title}>
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
