/** 'How I Can Help': the service cards. */
import type { PageText } from '../../content/language';
import { ServiceIconSvg } from '../components/Icon';

export function Services({ section, services }: Pick<PageText, 'services'> & { section: PageText['servicesSection'] }) {
  return (
    <section className="section" id="services" aria-labelledby="services-title">
      <div className="container">
        <p className="eyebrow">{section.eyebrow}</p>
        <h2 id="services-title">{section.heading}</h2>
        <p className="section-intro">{section.intro}</p>
        <ul className="card-grid services-grid" role="list">
          {services.map((service, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rendered-once list; two cards may share a title
            <li className="card service-card" key={i}>
              <span className="icon-badge">
                <ServiceIconSvg name={service.icon} />
              </span>
              <h3>{service.title}</h3>
              <p>{service.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
