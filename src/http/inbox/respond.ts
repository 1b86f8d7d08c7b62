/**
 * How the inbox answers, apart from who may ask (guard.ts): the bodies its requests may carry, its
 * private headers, a page, and the pages that only say something (an unknown page, a refused action).
 * A request made by the passkey script (JSON) gets its refusal as JSON.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { CSRF_HEADER } from '../../contract/inbox';
import type { Session } from '../../ownerAuth/sessions';
import type { InboxPages } from '../../pages/inbox/pages';

export const REFUSED_ACTION =
  'This action was refused: your session has ended or the page was out of date. Sign in again and repeat it from the inbox.';
export const NOT_FOUND = 'There is no such page in your inbox. A lead that was erased is gone with its page.';

/** The bodies inbox requests carry: a form's few fields, or a passkey ceremony's JSON. */
export const inboxForm = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });
export const inboxJson = express.json({ limit: '32kb' });

/** The draft version a form was made from (`version`); -1 when it has none, which no stored draft matches. */
export const versionOf = (body: unknown): number => {
  const value = (body as Record<string, unknown> | undefined)?.version;
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : -1;
};

/** Every answer under /owner: private to the owner's browser, out of every index. */
export const privateHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};

/** Answers with one of the inbox's pages (rendered per request; the headers are privateHeaders'). */
export const sendPage = (res: Response, status: number, body: string): void =>
  void res.status(status).type('html').send(body);

/** The session the guard found for this request (guard.ts); undefined without one. */
export const sessionOf = (res: Response): Session | undefined => res.locals.session as Session | undefined;

const wantsJson = (req: Request) => Boolean(req.is('application/json')) || req.get(CSRF_HEADER) !== undefined;

export type Answers = ReturnType<typeof createAnswers>;

export function createAnswers(pages: InboxPages) {
  return {
    /** A refusal: JSON for the passkey script, else a page that says why, in the inbox's layout. */
    refuse(req: Request, res: Response, status: number, message = REFUSED_ACTION): void {
      if (wantsJson(req)) return void res.status(status).json({ ok: false, error: message });
      sendPage(res, status, pages.message({ title: 'Not done', message }));
    },
    /** The inbox's own 404 page (signed in: with its sections). */
    notFound: (res: Response) =>
      sendPage(res, 404, pages.message({ title: 'Not found', message: NOT_FOUND, csrf: sessionOf(res)?.csrf })),
  };
}
