/**
 * Security headers for every response. The page has no inline script or
 * style, so the CSP allows only our own origin, plus the video host's image
 * origin for the interview thumbnail.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { thumbnailOrigin, type Config } from '../config';

export function securityHeaders(config: Config): RequestHandler[] {
  const behindTls = config.publicUrl.startsWith('https:');
  const helmetMiddleware = helmet({
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
    strictTransportSecurity: behindTls ? { maxAge: 63_072_000, includeSubDomains: true } : false,
  });
  const permissionsPolicy: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    next();
  };
  return [helmetMiddleware, permissionsPolicy];
}
