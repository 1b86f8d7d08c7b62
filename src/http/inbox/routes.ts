/**
 * The owner's inbox under /owner, assembled: the private headers and the session on every request,
 * getting in, the leads, the folders, the passkeys and sessions; and for any other /owner path, the
 * inbox's 404 page when signed in, else the login page (GET) or 403 (anything else), saying nothing
 * of it to a stranger. The routes receive the owner's actions and reads, never a table.
 */
import { Router } from 'express';
import type { Config } from '../../config';
import { INBOX_PATHS } from '../../contract/inbox';
import { zonedTime } from '../../lib/zonedTime';
import type { Assets } from '../../pages/assets';
import { createInboxPages } from '../../pages/inbox/pages';
import type { Owner } from '../../services/owner';
import { accessRoutes } from './accessRoutes';
import { bookingRoutes } from './bookingRoutes';
import { contentRoutes, type PageControl } from './contentRoutes';
import { folderRoutes } from './folderRoutes';
import { createGuard } from './guard';
import { imageRoutes } from './imageRoutes';
import { leadActionRoutes } from './leadActionRoutes';
import { leadRoutes } from './leadRoutes';
import { createAnswers, privateHeaders, sessionOf } from './respond';
import { signInRateLimit } from './signInRateLimit';
import { signInRoutes } from './signInRoutes';

export interface InboxDeps {
  config: Config;
  assets: Assets;
  owner: Owner;
  /** The public page, for the content editor's preview and publish. */
  page: PageControl;
  now: () => number;
}

export function inboxRoutes({ config, assets, owner, page, now }: InboxDeps): Router {
  const showTime = (isoTime: string) => zonedTime(isoTime, config.ownerTimeZone);
  const pages = createInboxPages(config.profile, assets, showTime);
  const answers = createAnswers(pages);
  const guard = createGuard(config, owner.sessions, answers);
  const deps = { owner, guard, pages, answers, limit: signInRateLimit(), now, showTime };
  const router = Router({ caseSensitive: true, strict: true });
  router.use(INBOX_PATHS.inbox, privateHeaders, guard.session);
  router.use(signInRoutes(deps));
  router.use(leadRoutes(deps));
  router.use(leadActionRoutes(deps));
  router.use(folderRoutes(deps));
  router.use(accessRoutes(deps));
  router.use(imageRoutes(deps));
  router.use(contentRoutes({ ...deps, page }));
  router.use(bookingRoutes({ ...deps, timeZone: config.ownerTimeZone }));
  router.use(INBOX_PATHS.inbox, (req, res) => {
    if (sessionOf(res)) return answers.notFound(res);
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, INBOX_PATHS.login);
    answers.refuse(req, res, 403);
  });
  return router;
}
