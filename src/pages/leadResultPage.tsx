/**
 * The page answered to a lead form posted without JavaScript: the same outcome title and message the toast
 * would show and, on failure, the form again with the typed values kept, so the visitor can correct and resend.
 * Rendered per request (it holds the visitor's values); React escapes them. No scripts: a visitor who reaches
 * this page is browsing without them.
 */
import { ArrowLeft, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Profile } from '../content/content';
import { LANGUAGE_TAGS, pagePath, type SiteLanguage } from '../contract/languages';
import type { LeadInput, LeadResponse } from '../contract/lead';
import { bookPageStrings, formStrings, siteStrings } from '../strings';
import { assetUrl, type Assets } from './assets';
import { Document } from './Document';
import { LeadForm } from './form/LeadForm';
import { type ToastMessage, toastForResponse } from './form/messages';
import { renderHtml } from './site';

/** The answer page in the language of the form that was posted. */
export type LeadResultPage = (response: LeadResponse, values: LeadInput, language: SiteLanguage) => string;

export function createLeadResultPage(profile: Profile, assets: Assets): LeadResultPage {
  const outcomePage = createOutcomePage(profile, assets);
  return (response, values, language) => {
    const say = siteStrings(language);
    const outcome = toastForResponse(response, formStrings(language));
    const home = pagePath(language);
    const words = language === 'en' ? {} : { language: LANGUAGE_TAGS[language], skipLink: say.skipLink };
    return outcomePage(
      outcome,
      outcome.variant === 'destructive' ? (
        <>
          <h2 className="lead-result-form-title">{formStrings(language).title}</h2>
          <LeadForm emailPlaceholder={profile.email} initialValues={values} language={language} />
          <a className="lead-result-back" href={home}>
            <ArrowLeft aria-hidden="true" focusable="false" size={18} />
            {say.returnHome}
          </a>
        </>
      ) : response.success && response.bookingUrl ? (
        // A lead that may book its call now: its booking page first (the same the form's panel links to).
        <>
          <a className="button button-primary lead-result-home" href={new URL(response.bookingUrl).pathname}>
            {bookPageStrings(language).pickLink}
          </a>
          <a className="lead-result-back" href={home}>
            {say.returnHome}
          </a>
        </>
      ) : (
        <a className="button button-primary lead-result-home" href={home}>
          {say.returnHome}
        </a>
      ),
      undefined,
      words,
    );
  };
}

/**
 * The look of the answer pages (this one and markLinkPage.tsx): an icon, the title and the message, then `after`.
 * `description`, the page's meta description, is the message unless given.
 */
export function createOutcomePage(profile: Profile, assets: Assets) {
  const stylesheet = assetUrl(assets, 'site.css');
  return (
    outcome: ToastMessage,
    after: ReactNode,
    description = outcome.description,
    words: { language?: string; skipLink?: string } = {},
  ): string => {
    const Icon = outcome.variant === 'destructive' ? CircleAlert : CircleCheck;
    return renderHtml(
      <Document
        title={`${outcome.title} | ${profile.name}`}
        description={description}
        stylesheet={stylesheet}
        scripts={[]}
        noIndex
        siteName={profile.name}
        {...words}
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
