/**
 * Getting in: the login page and its passkey ceremony, the e-mailed one-time link, the registration link printed
 * by `leads owner-link`, and sign-out. Each post is rate limited per client; none tells whether e-mail is
 * configured or a link was sent. Each parses the request, calls one of the owner's access actions, and answers.
 */
import { type Request, type RequestHandler, Router } from 'express';
import { INBOX_PATHS, nextPage, PASSKEY_NAME_MAX } from '../../contract/inbox';
import type { CeremonyAnswer } from '../../ownerActions/accessActions';
import type { LinkPurpose } from '../../ownerAuth/links';
import { deviceName } from '../../ownerAuth/deviceName';
import type { InboxPages } from '../../pages/inbox/pages';
import type { Owner } from '../../services/owner';
import { type Guard, signedInSession } from './guard';
import { type Answers, inboxForm, inboxJson, sendPage } from './respond';

export const EMAIL_LINK_NOTICE =
  "If e-mail is set up for this site, a sign-in link is on its way to the owner's address. It works once, for 15 minutes; one link is sent every 10 minutes at most.";
export const PASSKEY_REFUSED =
  'This passkey could not be checked: it is not registered for this inbox, or the request expired. Try again, or use an e-mailed link.';
export const SIGNED_OUT_NOTICE = 'You are signed out.';
export const WELCOME_NOTICE =
  'You are signed in with an e-mailed link. Create a passkey on this device to sign in without e-mail next time.';
const LINK_UNUSABLE = 'This link cannot be used.';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface InboxRouteDeps {
  owner: Owner;
  guard: Guard;
  pages: InboxPages;
  answers: Answers;
  /** One count per client across every sign-in, link and passkey post (signInRateLimit.ts). */
  limit: RequestHandler;
  now: () => number;
  /** A stored time as the owner reads it (in OWNER_TIME_ZONE), for a notice. */
  showTime: (isoTime: string) => string;
}

const device = (req: Request) => deviceName(req.get('user-agent'));

/** The name a new passkey is given: the one typed, else the device it was made on. */
export function passkeyName(req: Request): string {
  const typed = (req.body as { name?: unknown } | undefined)?.name;
  const name = typeof typed === 'string' ? typed.replace(/\s+/g, ' ').trim().slice(0, PASSKEY_NAME_MAX) : '';
  return name === '' ? device(req) : name;
}

/** The passkey ceremony's answer in a request's JSON body. */
export function ceremonyAnswer(req: Request): CeremonyAnswer {
  const body = (req.body ?? {}) as { ceremony?: unknown; response?: unknown };
  return { ceremony: String(body.ceremony), response: body.response };
}

export function signInRoutes({ owner, guard, pages, answers, limit }: InboxRouteDeps): Router {
  const { access } = owner;
  /** The link's token when it is well formed (and, given a purpose, still usable for it). */
  const linkToken = (req: Request, purpose?: LinkPurpose) => {
    const token = String(req.params.token);
    return TOKEN.test(token) && (!purpose || access.linkUsable(token, purpose)) ? token : undefined;
  };

  const router = Router({ caseSensitive: true, strict: true });
  router.get(INBOX_PATHS.login, (req, res) => {
    if (res.locals.session) return res.redirect(303, INBOX_PATHS.inbox);
    // Only ever shown to someone signed out (a session is sent on to the inbox), so nobody is told a falsehood.
    const notice = req.query.done === 'signed-out' ? SIGNED_OUT_NOTICE : undefined;
    sendPage(res, 200, pages.signIn({ kind: 'login', notice, next: nextPage(req.query.next) }));
  });
  router.post(INBOX_PATHS.emailLink, limit, guard.sameOrigin, (req, res) => {
    // Not awaited: the answer is the same, and as quick, whether or not a mail goes out.
    void access.mailSignInLink(device(req));
    sendPage(res, 200, pages.signIn({ kind: 'login', notice: EMAIL_LINK_NOTICE }));
  });
  router.post(INBOX_PATHS.loginOptions, limit, guard.sameOrigin, async (_req, res) => {
    res.json(await owner.ceremonies.authenticationOptions());
  });
  router.post(INBOX_PATHS.login, limit, guard.sameOrigin, inboxJson, async (req, res) => {
    const sessionId = await access.signInWithPasskey(device(req), ceremonyAnswer(req));
    if (!sessionId) return answers.refuse(req, res, 400, PASSKEY_REFUSED);
    guard.setCookie(res, sessionId);
    res.json({ ok: true, next: nextPage(req.query.next) });
  });

  router.get(`${INBOX_PATHS.register}:token`, (req, res) => {
    const token = linkToken(req, 'register');
    if (!token) return sendPage(res, 403, pages.signIn({ kind: 'link-refused' }));
    sendPage(res, 200, pages.signIn({ kind: 'register', token }));
  });
  router.post(`${INBOX_PATHS.register}:token/options`, limit, guard.sameOrigin, async (req, res) => {
    if (!linkToken(req, 'register')) return answers.refuse(req, res, 403, LINK_UNUSABLE);
    res.json(await owner.ceremonies.registrationOptions());
  });
  router.post(`${INBOX_PATHS.register}:token`, limit, guard.sameOrigin, inboxJson, async (req, res) => {
    const token = linkToken(req);
    if (!token) return answers.refuse(req, res, 403, LINK_UNUSABLE);
    const registered = await access.registerWithLink(device(req), token, ceremonyAnswer(req), passkeyName(req));
    if (registered === 'link-refused') return answers.refuse(req, res, 403, LINK_UNUSABLE);
    if (registered === 'passkey-refused') return answers.refuse(req, res, 400, PASSKEY_REFUSED);
    guard.setCookie(res, registered.sessionId);
    res.json({ ok: true, next: INBOX_PATHS.inbox });
  });

  router.get(`${INBOX_PATHS.signInLink}:token`, (req, res) => {
    const token = linkToken(req, 'sign-in');
    if (!token) return sendPage(res, 403, pages.signIn({ kind: 'link-refused' }));
    sendPage(res, 200, pages.signIn({ kind: 'sign-in-link', token }));
  });
  router.post(`${INBOX_PATHS.signInLink}:token`, limit, guard.sameOrigin, (req, res) => {
    const token = linkToken(req);
    const sessionId = token && access.signInWithLink(device(req), token);
    if (!sessionId) return sendPage(res, 403, pages.signIn({ kind: 'link-refused' }));
    guard.setCookie(res, sessionId);
    owner.sessions.leaveNotice(owner.sessions.keyOf(sessionId), WELCOME_NOTICE);
    res.redirect(303, INBOX_PATHS.passkeys);
  });

  router.post(INBOX_PATHS.signOut, inboxForm, guard.action, (_req, res) => {
    access.signOut(signedInSession(res));
    guard.clearCookie(res);
    res.redirect(303, `${INBOX_PATHS.login}?done=signed-out`);
  });
  return router;
}
