/**
 * The not-found page. The path is logged to the browser console by an external script (not-found.js), which
 * keeps this HTML identical for every path, so it is rendered once like the home page.
 */
export function NotFoundPage() {
  return (
    <main id="main" className="not-found">
      <div className="not-found-card">
        <h1>404</h1>
        <p className="not-found-text">Oops! Page not found</p>
        <a className="button button-primary" href="/">
          Return to Home
        </a>
      </div>
    </main>
  );
}
