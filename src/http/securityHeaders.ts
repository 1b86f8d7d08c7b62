/**
 * Security headers for every response. The page has no inline script or style, so the CSP allows only our own
 * origin, plus the video host's image origin for the interview thumbnail.
 *
 * helmet stays the source of truth, but it runs once, at start-up, against a stand-in response: our policy has no
 * per-request parts (no nonces), so the headers it sets are the same for every request. Running its thirteen
 * middlewares per request (each a call and a validated setHeader) redid the same work for every GET /
 * (docs/performance.md, "How the home page is served"); the captured list is written in one writeHead on the fast
 * path, or set with a loop elsewhere.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { thumbnailOrigin, type Config } from '../config';

/** [name, value] pairs in the order helmet sets them. */
export type HeaderList = readonly (readonly [string, string])[];

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

function helmetFor(config: Config) {
  const behindTls = config.publicUrl.startsWith('https:');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", thumbnailOrigin(config)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        // Only behind TLS: on plain http (local runs) it would rewrite our own asset URLs to https.
        upgradeInsecureRequests: behindTls ? [] : null,
      },
    },
    // credentialless (not require-corp) so the thumbnail from the video host still loads.
    crossOriginEmbedderPolicy: { policy: 'credentialless' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // DENY, to agree with frame-ancestors 'none' for browsers that only know this header.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: behindTls ? { maxAge: 63_072_000, includeSubDomains: true } : false,
  });
}

/** Runs helmet once against a stand-in request and response and returns the headers it set. */
export function securityHeaderList(config: Config): HeaderList {
  const headers = new Map<string, readonly [string, string]>();
  const res = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let outcome: unknown = 'not called';
  const run = helmetFor(config) as unknown as (req: object, res: object, next: (err?: unknown) => void) => void;
  run({ method: 'GET', url: '/', headers: {} }, res, (err?: unknown) => {
    outcome = err;
  });
  // helmet calls next synchronously for a static policy; anything else means the capture is incomplete.
  if (outcome !== undefined) throw new Error(`helmet did not finish at start-up: ${String(outcome)}`);
  headers.set('permissions-policy', ['Permissions-Policy', PERMISSIONS_POLICY]);
  return [...headers.values()];
}

/** Sets the captured headers on every response that does not take the fast path. */
export function securityHeaders(config: Config): RequestHandler {
  const list = securityHeaderList(config);
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}
