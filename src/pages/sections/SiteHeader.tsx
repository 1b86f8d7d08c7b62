/** The top bar: the strategist's name (home link), the language switcher and a shortcut to the contact form. */
import { usePageStrings } from '../pageStrings';

/** A link of the switcher: a language's page, its tag and its code as shown ("PT"), with its own name. */
export interface LanguageLink {
  href: string;
  tag: string;
  code: string;
  name: string;
  current: boolean;
}

export function SiteHeader({
  ownerName,
  homeHref = '/',
  languages,
}: {
  ownerName: string;
  homeHref?: string;
  /** Absent when the page is offered in one language only. */
  languages?: LanguageLink[];
}) {
  const say = usePageStrings();
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href={homeHref}>
          {ownerName}
        </a>
        {languages && (
          <nav className="language-switcher" aria-label={say.languages}>
            <ul role="list">
              {languages.map(({ href, tag, code, name, current }) => (
                <li key={tag}>
                  {/* The code is what shows; the name, in its own language, is what a screen reader says. */}
                  <a
                    href={href}
                    lang={tag}
                    hrefLang={tag}
                    aria-current={current ? 'page' : undefined}
                    aria-label={`${code}, ${name}`}
                  >
                    {code}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav aria-label={say.mainNav}>
          <ul className="nav-list" role="list">
            <li className="nav-optional">
              <a href="#services">{say.navServices}</a>
            </li>
            <li className="nav-optional">
              <a href="#about">{say.navAbout}</a>
            </li>
            <li className="nav-optional">
              <a href="#publications">{say.navPublications}</a>
            </li>
            <li>
              <a className="button button-small button-accent" href="#contact">
                {say.bookCall}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
