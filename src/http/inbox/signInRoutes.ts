/**
 * Getting in: the login page and its passkey ceremony, the e-mailed one-time
 * link, the registration link printed by `leads owner-link`, and sign-out.
 * Each post is rate limited per client; none tells whether e-mail is
 * configured or a link was sent.
 */
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { OwnerServices } from '../../ownerAuth/ownerServices';
import { deviceName } from '../../ownerAuth/deviceName';
import { nextPage, OWNER_PATHS, PASSKEY_NAME_MAX } from '../../contract/inbox';
import type { OwnerPages } from '../../pages/inbox/pages';
import { ownerForm, type OwnerGuard, ownerJson, refuse, sendPage } from './guard';

export const EMAIL_LINK_NOTICE =
  "If e-mail is set up for this site, a sign-in link is on its way to the owner's address. It works once, for 15 minutes; one link is sent every 10 minutes at most.";
export const PASSKEY_REFUSED =
  'This passkey could not be checked: it is not registered for this inbox, or the request expired. Try again, or use an e-mailed link.';
export const SIGNED_OUT_NOTICE = 'You are signed out.';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface OwnerRouteDeps {
  owner: OwnerServices;
  guard: OwnerGuard;
  pages: OwnerPages;
  /** One count per client across every sign-in, link and passkey post (signInRateLimit.ts). */
  limit: RequestHandler;
}

/** The name a new passkey is given: the one typed, else the device it was made on. */
export function passkeyName(req: Request): string {
  const typed = (req.body as { name?: unknown } | undefined)?.name;
  const name = typeof typed === 'string' ? typed.replace(/\s+/g, ' ').trim().slice(0, PASSKEY_NAME_MAX) : '';
  return name === '' ? deviceName(req.get('user-agent')) : name;
}

export function signInRoutes({ owner, guard, pages, limit }: OwnerRouteDeps): Router {
  const { access, ceremonies } = owner;
  const signIn = (req: Request, res: Response, via: 'passkey' | 'link') => {
    guard.setCookie(res, access.startSession(deviceName(req.get('user-agent')), via));
    access.record('signed-in', via === 'link' ? 'with an e-mailed link' : 'with a passkey');
  };
  const linkToken = (req: Request) => {
    const token = String(req.params.token);
    return TOKEN.test(token) ? token : undefined;
  };

  const router = Router({ caseSensitive: true, strict: true });
  router.get(OWNER_PATHS.login, (req, res) => {
    if (guard.sessionOf(req, res)) return res.redirect(303, OWNER_PATHS.inbox);
    const notice = req.query.done === 'signed-out' ? SIGNED_OUT_NOTICE : undefined;
    sendPage(res, 200, pages.signIn({ kind: 'login', notice, next: nextPage(req.query.next) }));
  });
  router.post(OWNER_PATHS.emailLink, limit, guard.sameOrigin, (_req, res) => {
    // Not awaited: the answer is the same, and as quick, whether or not a mail goes out.
    void access.mailSignInLink();
    sendPage(res, 200, pages.signIn({ kind: 'login', notice: EMAIL_LINK_NOTICE }));
  });
  router.post(OWNER_PATHS.loginOptions, limit, guard.sameOrigin, async (_req, res) => {
    res.json(await ceremonies.authenticationOptions());
  });
  router.post(OWNER_PATHS.login, limit, guard.sameOrigin, ownerJson, async (req, res) => {
    const body = (req.body ?? {}) as { ceremony?: unknown; response?: unknown };
    const passkey = await ceremonies.authenticate(String(body.ceremony), body.response);
    if (!passkey) return refuse(req, res, 400, PASSKEY_REFUSED);
    signIn(req, res, 'passkey');
    res.json({ ok: true, next: nextPage(req.query.next) });
  });

  router.get(`${OWNER_PATHS.register}:token`, (req, res) => {
    const token = linkToken(req);
    if (!token || !access.linkUsable(token, 'register'))
      return sendPage(res, 403, pages.signIn({ kind: 'link-refused' }));
    sendPage(res, 200, pages.signIn({ kind: 'register', token }));
  });
  router.post(`${OWNER_PATHS.register}:token/options`, limit, guard.sameOrigin, async (req, res) => {
    const token = linkToken(req);
    if (!token || !access.linkUsable(token, 'register')) return refuse(req, res, 403, 'This link cannot be used.');
    res.json(await ceremonies.registrationOptions());
  });
  router.post(`${OWNER_PATHS.register}:token`, limit, guard.sameOrigin, ownerJson, async (req, res) => {
    const token = linkToken(req);
    if (!token || !access.linkUsable(token, 'register')) return refuse(req, res, 403, 'This link cannot be used.');
    const body = (req.body ?? {}) as { ceremony?: unknown; response?: unknown };
    const name = passkeyName(req);
    const id = await ceremonies.register(String(body.ceremony), body.response, name);
    if (!id) return refuse(req, res, 400, PASSKEY_REFUSED);
    // Spent only now, so a failed ceremony leaves the link usable; a link spent meanwhile undoes the passkey.
    if (!access.spendLink(token, 'register')) {
      owner.passkeys.remove(id);
      return refuse(req, res, 403, 'This link cannot be used.');
    }
    access.record('passkey-added', name);
    signIn(req, res, 'passkey');
    res.json({ ok: true, next: OWNER_PATHS.inbox });
  });

  router.get(`${OWNER_PATHS.signInLink}:token`, (req, res) => {
    const token = linkToken(req);
    if (!token || !access.linkUsable(token, 'sign-in'))
      return sendPage(res, 403, pages.signIn({ kind: 'link-refused' }));
    sendPage(res, 200, pages.signIn({ kind: 'sign-in-link', token }));
  });
  router.post(`${OWNER_PATHS.signInLink}:token`, limit, guard.sameOrigin, (req, res) => {
    const token = linkToken(req);
    if (!token || !access.spendLink(token, 'sign-in'))
      return sendPage(res, 403, pages.signIn({ kind: 'link-refused' }));
    signIn(req, res, 'link');
    res.redirect(303, `${OWNER_PATHS.passkeys}?welcome=1`);
  });

  router.post(OWNER_PATHS.signOut, ownerForm, guard.action, (req, res) => {
    const id = guard.cookieOf(req);
    if (id) access.endSession(id);
    access.record('signed-out');
    guard.clearCookie(res);
    res.redirect(303, `${OWNER_PATHS.login}?done=signed-out`);
  });
  return router;
}
