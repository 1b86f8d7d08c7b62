/** Contact: the lead form card and the 'Get in Touch' panel with four direct ways to connect. */
import { BriefcaseBusiness, Mail, Phone, Send } from 'lucide-react';
import type { Profile } from '../../content/content';
import type { PageText } from '../../content/language';
import { ExternalLink } from '../components/ExternalLink';
import { islandAttributes } from '../form/island';
import type { SiteLanguage } from '../../contract/languages';
import { formStrings } from '../../strings/form';
import { LeadFormIsland } from '../form/LeadFormIsland';
import { mailtoHref } from '../mailto';

/**
 * `proofWorkerUrl`: the built proof-of-work worker, handed to the form island through its attributes;
 * `privacyNote`: the line under the form on what happens to the details.
 */
export function Contact({
  contact,
  language,
  profile,
  proofWorkerUrl,
  privacyNote,
}: {
  contact: PageText['contact'];
  language: SiteLanguage;
  profile: Profile;
  proofWorkerUrl?: string;
  privacyNote: string;
}) {
  const ways = [
    { href: mailtoHref(profile.email), Icon: Mail, label: profile.email },
    { href: profile.messengerUrl, Icon: Send, label: contact.messengerLabel, external: true },
    { href: `tel:${profile.phone.replace(/[^\d+]/g, '')}`, Icon: Phone, label: profile.phone },
    { href: profile.linkedinUrl, Icon: BriefcaseBusiness, label: contact.networkLabel, external: true },
  ];
  return (
    <section className="section contact" id="contact" aria-labelledby="contact-title">
      <div className="container">
        <div className="contact-header">
          <p className="eyebrow eyebrow-light">{contact.eyebrow}</p>
          <h2 id="contact-title">{contact.heading}</h2>
          <p className="section-intro">{contact.subline}</p>
        </div>
        <div className="contact-grid">
          <div className="card form-card">
            <h3>{formStrings(language).title}</h3>
            <p className="card-intro">{contact.formIntro}</p>
            {/* The only hydrated element of the page: client/lead-form.tsx reads its props back from
                these attributes. */}
            <div {...islandAttributes({ emailPlaceholder: profile.email, proofWorkerUrl, language })}>
              <LeadFormIsland emailPlaceholder={profile.email} language={language} />
            </div>
            <p className="form-privacy">{privacyNote}</p>
          </div>
          <div className="card connect-card">
            <h3>{contact.panelTitle}</h3>
            <p className="card-intro">{contact.panelSubtitle}</p>
            <ul className="connect-list" role="list">
              {ways.map(({ href, Icon, label, external }) => {
                const Link = external ? ExternalLink : 'a';
                return (
                  <li key={href}>
                    <Link className="connect-button" href={href}>
                      <Icon className="icon" aria-hidden="true" focusable="false" size={22} />
                      <span>{label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
