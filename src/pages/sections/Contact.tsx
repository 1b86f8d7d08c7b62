/** Contact: the lead form card and the 'Get in Touch' panel with four direct ways to connect. */
import { BriefcaseBusiness, Mail, Phone, Send } from 'lucide-react';
import type { Profile } from '../../content/content';
import { contact } from '../../content/content';
import { ExternalLink } from '../components/ExternalLink';
import { islandAttributes } from '../form/island';
import { LeadFormIsland } from '../form/LeadFormIsland';
import { mailtoHref } from '../mailto';

/**
 * `proofWorkerUrl`: the built proof-of-work worker, handed to the form island through its attributes;
 * `privacyNote`: the line under the form on what happens to the details.
 */
export function Contact({
  profile,
  proofWorkerUrl,
  privacyNote,
}: {
  profile: Profile;
  proofWorkerUrl?: string;
  privacyNote: string;
}) {
  const tel = profile.phone.replace(/[^\d+]/g, '');
  return (
    <section className="section contact" id="contact" aria-labelledby="contact-title">
      <div className="container">
        <div className="contact-header">
          <p className="eyebrow eyebrow-light">Contact</p>
          <h2 id="contact-title">{contact.heading}</h2>
          <p className="section-intro">{contact.subline}</p>
        </div>
        <div className="contact-grid">
          <div className="card form-card">
            <h3>{contact.formTitle}</h3>
            <p className="card-intro">{contact.formIntro}</p>
            {/* The only hydrated element of the page: client/lead-form.tsx reads its props back from
                these attributes. */}
            <div {...islandAttributes({ emailPlaceholder: profile.email, proofWorkerUrl })}>
              <LeadFormIsland emailPlaceholder={profile.email} />
            </div>
            <p className="form-privacy">{privacyNote}</p>
          </div>
          <div className="card connect-card">
            <h3>{contact.panelTitle}</h3>
            <p className="card-intro">{contact.panelSubtitle}</p>
            <ul className="connect-list" role="list">
              <li>
                <a className="connect-button" href={mailtoHref(profile.email)}>
                  <Mail className="icon" aria-hidden="true" focusable="false" size={22} />
                  <span>{profile.email}</span>
                </a>
              </li>
              <li>
                <ExternalLink className="connect-button" href={profile.messengerUrl}>
                  <Send className="icon" aria-hidden="true" focusable="false" size={22} />
                  <span>{contact.messengerLabel}</span>
                </ExternalLink>
              </li>
              <li>
                <a className="connect-button" href={`tel:${tel}`}>
                  <Phone className="icon" aria-hidden="true" focusable="false" size={22} />
                  <span>{profile.phone}</span>
                </a>
              </li>
              <li>
                <ExternalLink className="connect-button" href={profile.linkedinUrl}>
                  <BriefcaseBusiness className="icon" aria-hidden="true" focusable="false" size={22} />
                  <span>{contact.networkLabel}</span>
                </ExternalLink>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
