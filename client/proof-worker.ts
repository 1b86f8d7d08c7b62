/**
 * The proof-of-work solver, run in a Web Worker so the page never blocks
 * while it searches (src/pages/form/proofOfWork.ts starts it, one worker per
 * challenge). altcha-lib's worker handler answers `{ type: 'work', challenge,
 * counterStart, counterStep, timeout }` with the solution (`{ counter,
 * derivedKey, time }`), null after a timeout or an abort, or `{ error }`.
 *
 * Built on its own by scripts/build.mjs as a classic script (IIFE, nothing
 * imported at run time): module workers are missing in Firefox < 114. The key
 * derivation is WebCrypto's SHA; altcha-lib/workers/sha would pull node:crypto.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
