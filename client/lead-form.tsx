/**
 * Hydrates the lead form island (and nothing else: the rest of the page stays
 * static HTML). Loaded on demand by client/island-loader.ts. The props come
 * from the island's data attributes, exactly as the server wrote them, so
 * hydration matches the server render. Two things start here, outside React:
 * the lead's source is read once (kept in memory only), and the proof of work
 * starts solving its first challenge as soon as the page is complete.
 */
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ID, readIslandData } from '../src/pages/form/island';
import { readLeadSource } from '../src/pages/form/leadSource';
import { LeadFormIsland, type LeadFormIslandProps } from '../src/pages/form/LeadFormIsland';
import { startProofOfWork } from '../src/pages/form/proofOfWork';

/** Marks the island once React owns it: a hook for tests and for anyone debugging in DevTools. Adds no DOM. */
function Hydrated({ island, props }: { island: HTMLElement; props: LeadFormIslandProps }) {
  useEffect(() => island.setAttribute('data-hydrated', 'true'), [island]);
  return <LeadFormIsland {...props} />;
}

const island = document.getElementById(ISLAND_ID);
if (island) {
  const { emailPlaceholder, proofWorkerUrl, language } = readIslandData(island);
  const source = readLeadSource(window.location.search, document.referrer);
  const proofOfWork = startProofOfWork(proofWorkerUrl);
  hydrateRoot(island, <Hydrated island={island} props={{ emailPlaceholder, language, source, proofOfWork }} />, {
    onRecoverableError: (error) => console.error('Lead form hydration error:', error),
  });
}
