/**
 * The contract between the server-rendered island element and the browser
 * bundle that hydrates it: its id and the data attributes carrying the props.
 * Props travel in attributes because the CSP forbids inline scripts.
 */
import type { LeadFormIslandProps } from './LeadFormIsland';

export const ISLAND_ID = 'lead-form-island';

/** The attributes the server writes on the island element. */
export function islandAttributes(props: LeadFormIslandProps): { id: string; 'data-email': string } {
  return { id: ISLAND_ID, 'data-email': props.emailPlaceholder };
}

/** The same props, read back in the browser, so hydration renders exactly what the server did. */
export function readIslandProps(element: HTMLElement): LeadFormIslandProps {
  return { emailPlaceholder: element.dataset.email ?? '' };
}
