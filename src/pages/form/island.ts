/**
 * The contract between the server-rendered island element and the browser bundle that hydrates it: its id and
 * the data attributes carrying the props. Props travel in attributes because the CSP forbids inline scripts.
 */
export const ISLAND_ID = 'lead-form-island';

/** What the server hands the browser bundle. */
export interface IslandData {
  /** The form's e-mail placeholder, rendered by the server: the same value must come back for hydration. */
  emailPlaceholder: string;
  /** URL of the built proof-of-work worker (manifest entry proof-worker.js); without it the form sends no proof. */
  proofWorkerUrl?: string;
}

/** The attributes the server writes on the island element. */
export function islandAttributes(data: IslandData): { id: string; 'data-email': string; 'data-proof-worker'?: string } {
  const attributes = { id: ISLAND_ID, 'data-email': data.emailPlaceholder };
  return data.proofWorkerUrl === undefined ? attributes : { ...attributes, 'data-proof-worker': data.proofWorkerUrl };
}

/** The same data, read back in the browser, so hydration renders exactly what the server did. */
export function readIslandData(element: HTMLElement): IslandData {
  const { email = '', proofWorker } = element.dataset;
  return proofWorker ? { emailPlaceholder: email, proofWorkerUrl: proofWorker } : { emailPlaceholder: email };
}
