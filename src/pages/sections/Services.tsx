/** 'How I Can Help': the five service cards. */
import { services } from '../../content/content';
import { ServiceIconSvg } from '../components/Icon';

export function Services() {
  return (
    <section className="section" id="services" aria-labelledby="services-title">
      <div className="container">
        <p className="eyebrow">Services</p>
        <h2 id="services-title">How I Can Help</h2>
        <p className="section-intro">
          From the first sketch of your ideal customer to a trained sales team and a funded plan: pick the part you
          need, or all of it.
        </p>
        <ul className="card-grid services-grid" role="list">
          {services.map((service) => (
            <li className="card service-card" key={service.title}>
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
