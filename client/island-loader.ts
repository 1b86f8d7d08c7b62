/**
 * The only script the home page runs up front. It fetches the React form
 * bundle when the form island is about to scroll into view or when one of its
 * fields gets focus (like Astro's client:visible), so visitors who never reach
 * the form never pay for React. Until then the form works as plain HTML.
 */
// The literal, not an import of ISLAND_ID: a shared import would cost a second request before the page is complete.
const island = document.getElementById('lead-form-island');

if (island) {
  let observer: IntersectionObserver | undefined;
  const load = () => {
    observer?.disconnect();
    island.removeEventListener('focusin', load);
    import('./lead-form').catch((error: unknown) => {
      // The plain HTML form still works, so a failed download only costs the nicer experience.
      console.warn('The lead form script could not be loaded; the form will post normally.', error);
    });
  };
  island.addEventListener('focusin', load);
  if ('IntersectionObserver' in window) {
    // Generous margin: start while the visitor is still a screen or so away, so React is ready on arrival.
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '800px 0px',
    });
    observer.observe(island);
  } else {
    load();
  }
}
