/**
 * The signed-in owner's passkeys: the list, one more passkey for this device,
 * and removal. Removing the last passkey ends every session: with no passkey
 * left, only a new link (`leads owner-link` or the e-mailed one) lets him in.
 */
import { Router } from 'express';
import { OWNER_PATHS } from '../../contract/inbox';
import { PASSKEY_REFUSED, passkeyName, type OwnerRouteDeps } from './signInRoutes';
import { ownerForm, ownerJson, refuse, sendPage } from './guard';

const REMOVED_NOTICE = 'The passkey is removed: it no longer signs anyone in.';
const ADDED_NOTICE = 'The passkey is added.';

export function passkeyRoutes({ owner, guard, pages, limit }: OwnerRouteDeps): Router {
  const { access, passkeys, ceremonies } = owner;
  const notices: Record<string, string> = { removed: REMOVED_NOTICE, added: ADDED_NOTICE };

  const router = Router({ caseSensitive: true, strict: true });
  router.get(OWNER_PATHS.passkeys, guard.page, (req, res) => {
    sendPage(
      res,
      200,
      pages.passkeys({
        csrf: guard.csrfOf(req, res),
        notice: notices[String(req.query.done)],
        welcome: req.query.welcome === '1',
        passkeys: passkeys.all().map((p) => ({
          id: p.id,
          name: p.name,
          createdAt: p.created_at,
          lastUsedAt: p.last_used_at,
        })),
      }),
    );
  });
  router.post(OWNER_PATHS.passkeyOptions, limit, guard.action, async (_req, res) => {
    res.json(await ceremonies.registrationOptions());
  });
  router.post(OWNER_PATHS.passkeys, limit, ownerJson, guard.action, async (req, res) => {
    const body = (req.body ?? {}) as { ceremony?: unknown; response?: unknown };
    const name = passkeyName(req);
    if (!(await ceremonies.register(String(body.ceremony), body.response, name)))
      return refuse(req, res, 400, PASSKEY_REFUSED);
    access.record('passkey-added', name);
    res.json({ ok: true, next: `${OWNER_PATHS.passkeys}?done=added` });
  });
  router.post(`${OWNER_PATHS.passkeys}/:id/remove`, ownerForm, guard.action, (req, res) => {
    const passkey = passkeys.get(String(req.params.id));
    if (!passkey || !passkeys.remove(passkey.id)) return res.redirect(303, OWNER_PATHS.passkeys);
    access.record('passkey-removed', passkey.name);
    if (passkeys.count() > 0) return res.redirect(303, `${OWNER_PATHS.passkeys}?done=removed`);
    access.endAllSessions();
    access.record('signed-out-everywhere', 'the last passkey was removed');
    guard.clearCookie(res);
    res.redirect(303, `${OWNER_PATHS.login}?done=signed-out`);
  });
  return router;
}
