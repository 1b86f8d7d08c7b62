/** The favicon: a rising route on the site's navy, as a tiny SVG served from memory. */
export const faviconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="14" fill="#0b1f3a"/>' +
  '<path d="M13 45 27 31l8 8 16-17M39 20h13v13" fill="none" stroke="#f5b942" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>' +
  '</svg>';
