/**
 * Who may use the inbox, in HTTP terms. One middleware reads the session cookie once per request and
 * puts the valid session (or none) on the request; the page guard sends a stranger to the login page
 * (no lead data), the action guard refuses (403, nothing changed) a POST without a valid session, its
 * form token, and our own origin. The cookie itself is the sessions module's (src/ownerAuth/sessions.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../../config';
import { CSRF_FIELD, CSRF_HEADER, INBOX_PATHS, nextPage } from '../../contract/inbox';
import type { Actor } from '../../ownerActions/activity';
import type { Session, Sessions } from '../../ownerAuth/sessions';
import type { SignedIn } from '../../pages/inbox/views';
import { isCrossSite } from '../sameSite';
import { type Answers, sessionOf } from './respond';

/** The session of a request the page or action guard let through. */
export function signedInSession(res: Response): Session {
  const session = sessionOf(res);
  if (!session) throw new Error('no session: the route is missing its guard');
  return session;
}

/** The owner, as his activity names him: the inbox, on the device his session was made on, and its passkey. */
export const actorOf = (res: Response): Actor => {
  const { device, passkeyName } = signedInSession(res);
  return passkeyName ? { via: 'inbox', device, passkey: passkeyName } : { via: 'inbox', device };
};

export type Guard = ReturnType<typeof createGuard>;

export function createGuard(config: Config, sessions: Sessions, answers: Answers) {
  const ownOrigin = new URL(config.publicUrl).origin;
  const { cookie } = sessions;
  const cookieOf = (req: Request) => {
    for (const part of (req.get('cookie') ?? '').split(';')) {
      const [key, ...value] = part.trim().split('=');
      if (key === cookie.name) return value.join('=');
    }
    return undefined;
  };
  return {
    /** Puts the request's valid session, if any, on the request (every /owner request passes here first). */
    session(req: Request, res: Response, next: NextFunction) {
      res.locals.session = sessions.validate(cookieOf(req));
      next();
    },
    /** Pages: without a valid session, a redirect to the login page. */
    page(req: Request, res: Response, next: NextFunction) {
      if (sessionOf(res)) return next();
      const wanted = nextPage(req.path);
      const login = wanted === INBOX_PATHS.inbox ? '' : `?next=${encodeURIComponent(wanted)}`;
      res.redirect(303, `${INBOX_PATHS.login}${login}`);
    },
    /** Actions (POST): a valid session, its form token, and our own origin; else 403. */
    action(req: Request, res: Response, next: NextFunction) {
      const session = sessionOf(res);
      const token = req.get(CSRF_HEADER) ?? (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      if (!session || isCrossSite(req, ownOrigin, false) || !sessions.csrfMatches(session, token))
        return answers.refuse(req, res, 403);
      next();
    },
    /** Our own origin (PUBLIC_URL's) or none: for the sign-in posts made before a session exists. */
    sameOrigin(req: Request, res: Response, next: NextFunction) {
      if (isCrossSite(req, ownOrigin, false)) return answers.refuse(req, res, 403);
      next();
    },
    setCookie: (res: Response, id: string) => void res.append('Set-Cookie', cookie.set(id)),
    clearCookie: (res: Response) => void res.append('Set-Cookie', cookie.clear()),
    /** What every signed-in page carries: the form token, and the notice the last action left (once). */
    signedIn(res: Response): SignedIn {
      const session = signedInSession(res);
      return { csrf: session.csrf, notice: sessions.takeNotice(session) };
    },
    /** Leaves a notice for this session's next page: what the action just did. */
    leaveNotice: (res: Response, notice: string) => sessions.leaveNotice(signedInSession(res).key, notice),
  };
}
