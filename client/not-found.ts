/**
 * Runs on the not-found page only: records the path the visitor tried, so it
 * shows in the browser console. An external file because the CSP allows no
 * inline scripts.
 */
console.warn('404 Error: User attempted to access non-existent route:', window.location.pathname);
