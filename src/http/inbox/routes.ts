/**
 * The owner's inbox under /owner, assembled: the private headers on every
 * answer, getting in, the leads, the passkeys; and for any other /owner path
 * without a session, the login page (GET) or 403 (anything else).
 */
import { Router } from 'express';
import type { Config } from '../../config';
import type { Assets } from '../../pages/assets';
import { createOwnerPages } from '../../pages/inbox/pages';
import { OWNER_PATHS } from '../../contract/inbox';
import type { Services } from '../../services/services';
import { inboxRoutes } from './leadRoutes';
import { leadActionRoutes } from './leadActionRoutes';
import { createOwnerGuard, ownerHeaders, refuse } from './guard';
import { passkeyRoutes } from './passkeyRoutes';
import { reviewRoutes } from './folderRoutes';
import { signInRateLimit } from './signInRateLimit';
import { signInRoutes } from './signInRoutes';

export interface OwnerRoutesDeps {
  config: Config;
  assets: Assets;
  services: Pick<
    Services,
    'owner' | 'db' | 'leads' | 'marks' | 'queue' | 'marking' | 'channels' | 'service' | 'worker' | 'pageViews'
  >;
  now: () => number;
}

export function ownerRoutes({ config, assets, services, now }: OwnerRoutesDeps): Router {
  const { owner } = services;
  const guard = createOwnerGuard(config, owner.access);
  const pages = createOwnerPages(config.owner, assets);
  const deps = { owner, guard, pages, limit: signInRateLimit() };
  const router = Router({ caseSensitive: true, strict: true });
  router.use(OWNER_PATHS.inbox, ownerHeaders);
  router.use(signInRoutes(deps));
  router.use(inboxRoutes({ ...deps, services, now }));
  router.use(leadActionRoutes({ ...deps, services, now }));
  router.use(reviewRoutes({ ...deps, services, now }));
  router.use(passkeyRoutes(deps));
  // Unknown owner paths: nothing is said about them to a stranger.
  router.use(OWNER_PATHS.inbox, (req, res, next) => {
    if (guard.sessionOf(req, res)) return next();
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, OWNER_PATHS.login);
    refuse(req, res);
  });
  return router;
}
