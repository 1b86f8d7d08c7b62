/**
 * Hydrates the lead form island (and nothing else: the rest of the page stays
 * static HTML). Loaded on demand by client/island-loader.ts. The props come
 * from the island's data attributes, exactly as the server wrote them, so
 * hydration matches the server render.
 */
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ID, readIslandProps } from '../src/pages/form/island';
import { LeadFormIsland, type LeadFormIslandProps } from '../src/pages/form/LeadFormIsland';

/** Marks the island once React owns it: a hook for tests and for anyone debugging in DevTools. Adds no DOM. */
function Hydrated({ island, props }: { island: HTMLElement; props: LeadFormIslandProps }) {
  useEffect(() => island.setAttribute('data-hydrated', 'true'), [island]);
  return <LeadFormIsland {...props} />;
}

const island = document.getElementById(ISLAND_ID);
if (island) {
  hydrateRoot(island, <Hydrated island={island} props={readIslandProps(island)} />, {
    onRecoverableError: (error) => console.error('Lead form hydration error:', error),
  });
}
