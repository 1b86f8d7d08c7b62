/**
 * The page answered to a lead form posted without JavaScript: the same outcome title and message the toast
 * would show and, on failure, the form again with the typed values kept, so the visitor can correct and resend.
 * Rendered per request (it holds the visitor's values); React escapes them. No scripts: a visitor who reaches
 * this page is browsing without them.
 */
import { ArrowLeft, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Profile } from '../content/content';
import type { LeadInput, LeadResponse } from '../contract/lead';
import { assetUrl, type Assets } from './assets';
import { Document } from './Document';
import { FORM_TITLE, LeadForm } from './form/LeadForm';
import { type ToastMessage, toastForResponse } from './form/messages';
import { renderHtml } from './site';

export function createLeadResultPage(
  profile: Profile,
  assets: Assets,
): (response: LeadResponse, values: LeadInput) => string {
  const outcomePage = createOutcomePage(profile, assets);
  return (response, values) => {
    const outcome = toastForResponse(response);
    return outcomePage(
      outcome,
      outcome.variant === 'destructive' ? (
        <>
          <h2 className="lead-result-form-title">{FORM_TITLE}</h2>
          <LeadForm emailPlaceholder={profile.email} initialValues={values} />
          <a className="lead-result-back" href="/">
            <ArrowLeft aria-hidden="true" focusable="false" size={18} />
            Return to Home
          </a>
        </>
      ) : (
        <a className="button button-primary lead-result-home" href="/">
          Return to Home
        </a>
      ),
    );
  };
}

/**
 * The look of the answer pages (this one and markLinkPage.tsx): an icon, the title and the message, then `after`.
 * `description`, the page's meta description, is the message unless given.
 */
export function createOutcomePage(profile: Profile, assets: Assets) {
  const stylesheet = assetUrl(assets, 'site.css');
  return (outcome: ToastMessage, after: ReactNode, description = outcome.description): string => {
    const Icon = outcome.variant === 'destructive' ? CircleAlert : CircleCheck;
    return renderHtml(
      <Document
        title={`${outcome.title} | ${profile.name}`}
        description={description}
        stylesheet={stylesheet}
        scripts={[]}
        noIndex
        siteName={profile.name}
      >
        <main id="main" className="lead-result">
          <div className={`card lead-result-card lead-result-${outcome.variant}`}>
            <div className="lead-result-outcome">
              <Icon className="lead-result-icon" aria-hidden="true" focusable="false" size={28} />
              <h1>{outcome.title}</h1>
              <p className="lead-result-message">{outcome.description}</p>
            </div>
            {after}
          </div>
        </main>
      </Document>,
    );
  };
}
