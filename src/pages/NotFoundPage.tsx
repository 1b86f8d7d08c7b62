/**
 * The not-found page, in the language of the prefix it was asked under. The path is logged to the browser console
 * by an external script (not-found.js), which keeps this HTML identical for every path, so it is rendered once per
 * language like the home page.
 */
import { usePageStrings } from './pageStrings';

export function NotFoundPage({ homeHref = '/' }: { homeHref?: string }) {
  const say = usePageStrings();
  return (
    <main id="main" className="not-found">
      <div className="not-found-card">
        <h1>404</h1>
        <p className="not-found-text">{say.notFound}</p>
        <a className="button button-primary" href={homeHref}>
          {say.returnHome}
        </a>
      </div>
    </main>
  );
}
