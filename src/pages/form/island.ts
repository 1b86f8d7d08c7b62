/**
 * The contract between the server-rendered island element and the browser bundle that hydrates it: its id and
 * the data attributes carrying the props. Props travel in attributes because the CSP forbids inline scripts.
 */
import { SITE_LANGUAGES, type SiteLanguage } from '../../contract/languages';

export const ISLAND_ID = 'lead-form-island';

/** What the server hands the browser bundle. */
export interface IslandData {
  /** The form's e-mail placeholder, rendered by the server: the same value must come back for hydration. */
  emailPlaceholder: string;
  /** URL of the built proof-of-work worker (manifest entry proof-worker.js); without it the form sends no proof. */
  proofWorkerUrl?: string;
  /** The page's language; English when absent (the English page carries no attribute, as before languages). */
  language?: SiteLanguage;
}

type IslandAttributes = { id: string; 'data-email': string; 'data-proof-worker'?: string; 'data-language'?: string };

/** The attributes the server writes on the island element. */
export function islandAttributes(data: IslandData): IslandAttributes {
  const attributes: IslandAttributes = { id: ISLAND_ID, 'data-email': data.emailPlaceholder };
  if (data.proofWorkerUrl !== undefined) attributes['data-proof-worker'] = data.proofWorkerUrl;
  if (data.language !== undefined && data.language !== 'en') attributes['data-language'] = data.language;
  return attributes;
}

/** The same data, read back in the browser, so hydration renders exactly what the server did. */
export function readIslandData(element: HTMLElement): IslandData {
  const { email = '', proofWorker, language } = element.dataset;
  const known = SITE_LANGUAGES.find((code) => code === language);
  return {
    emailPlaceholder: email,
    ...(proofWorker ? { proofWorkerUrl: proofWorker } : {}),
    ...(known ? { language: known } : {}),
  };
}
