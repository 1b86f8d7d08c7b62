/**
 * The owner's session in HTTP terms: the cookie (HttpOnly, SameSite=Strict,
 * on /owner; behind https with the __Host- prefix, Secure and Path=/), the
 * guard of pages (no valid session: a redirect to the login page, no lead
 * data) and of actions (no valid session, no form token, or a request from
 * another origin: 403, nothing changed), and the headers of every owner
 * answer: never stored, never indexed.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Config } from '../../config';
import type { OwnerAccess, OwnerSession } from '../../ownerAuth/ownerAccess';
import {
  CSRF_FIELD,
  CSRF_HEADER,
  nextPage,
  OWNER_PATHS,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from '../../contract/inbox';
import { isCrossSite } from '../sameSite';

export const REFUSED_ACTION =
  'This action was refused: your session has ended or the page was out of date. Sign in again and repeat it from the inbox.';

export interface OwnerGuard {
  /** The valid session of this request, if any (read once per request). */
  sessionOf(req: Request, res: Response): OwnerSession | undefined;
  /** Its form token, for the pages of a signed-in owner ('' without a session: a page guard ran first). */
  csrfOf(req: Request, res: Response): string;
  setCookie(res: Response, sessionId: string): void;
  clearCookie(res: Response): void;
  /** The session id the request's cookie holds. */
  cookieOf(req: Request): string | undefined;
  /** Pages: without a valid session, a redirect to the login page. */
  page: RequestHandler;
  /** Actions (POST): a valid session, its form token, and our own origin; else 403. */
  action: RequestHandler;
  /** Our own origin (PUBLIC_URL's) or none: for the sign-in posts made before a session exists. */
  sameOrigin: RequestHandler;
}

/** The bodies owner requests carry: a form's few fields, or a passkey ceremony's JSON. */
export const ownerForm = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });
export const ownerJson = express.json({ limit: '32kb' });

/** Answers with one of the owner's pages (rendered per request; the headers are ownerHeaders'). */
export const sendPage = (res: Response, status: number, body: string): void =>
  void res.status(status).type('html').send(body);

/** Every answer under /owner: private to the owner's browser, out of every index. */
export const ownerHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};

/**
 * A page that loads `url` again at once, as a navigation of this site (no script: a meta refresh).
 * Only an inbox page, with its query when that is plain (the list's filters): nothing to escape.
 */
function reloadPage(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const page = nextPage(path);
  const href = page === path && query && /^[\w=&%+.-]+$/.test(query) ? `${page}?${query}` : page;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Opening your inbox</title></head><body><p><a href="${href}">Open your inbox</a></p></body></html>`;
}

export function refuse(req: Request, res: Response, status = 403, message = REFUSED_ACTION): void {
  if (req.is('application/json') || req.get(CSRF_HEADER) !== undefined)
    return void res.status(status).json({ ok: false, error: message });
  res.status(status).type('text/plain').send(message);
}

export function createOwnerGuard(config: Config, access: OwnerAccess): OwnerGuard {
  const secure = config.publicUrl.startsWith('https:');
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const ownOrigin = new URL(config.publicUrl).origin;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure,
    path: secure ? '/' : OWNER_PATHS.inbox,
  };
  const cookieOf = (req: Request) => {
    for (const part of (req.get('cookie') ?? '').split(';')) {
      const [key, ...value] = part.trim().split('=');
      if (key === name) return value.join('=');
    }
    return undefined;
  };
  const sessionOf = (req: Request, res: Response) => {
    if (!('ownerSession' in res.locals)) res.locals.ownerSession = access.session(cookieOf(req));
    return res.locals.ownerSession as OwnerSession | undefined;
  };
  return {
    sessionOf,
    csrfOf: (req, res) => sessionOf(req, res)?.csrf ?? '',
    cookieOf,
    setCookie: (res, id) => void res.cookie(name, id, { ...cookieOptions, maxAge: config.ownerSession.maxMs }),
    clearCookie: (res) => void res.clearCookie(name, cookieOptions),
    page: (req, res, next) => {
      if (sessionOf(req, res)) return next();
      // A link followed from another site (a webmail) arrives without the SameSite=Strict cookie: one
      // reload started by this page is same-site and carries it, if the browser has one.
      if (req.get('sec-fetch-site') === 'cross-site' && req.method === 'GET')
        return void res.status(200).type('html').send(reloadPage(req.originalUrl));
      const wanted = nextPage(req.path);
      const login = wanted === OWNER_PATHS.inbox ? '' : `?next=${encodeURIComponent(wanted)}`;
      res.redirect(303, `${OWNER_PATHS.login}${login}`);
    },
    action: (req, res, next) => {
      const session = sessionOf(req, res);
      const token = req.get(CSRF_HEADER) ?? (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
      if (!session || isCrossSite(req, ownOrigin, false) || !access.csrfMatches(session, token))
        return refuse(req, res);
      next();
    },
    sameOrigin: (req, res, next) => {
      if (isCrossSite(req, ownOrigin, false)) return refuse(req, res);
      next();
    },
  };
}
