/**
 * Answers a lead submission in the form the client can use: JSON for the browser's fetch and API clients, the full
 * result page for a form posted without JavaScript (form-encoded and asking for HTML). Same status either way, and
 * never stored by a cache: the page echoes what the visitor typed.
 */
import type { Request, Response } from 'express';
import { LANGUAGE_FIELD, leadLanguage, type SiteLanguage } from '../contract/languages';
import type { LeadResponse } from '../contract/lead';
import { typedValues } from '../leads/validation';
import type { LeadResultPage } from '../pages/leadResultPage';
import { type ServerStrings, serverStrings } from '../strings';
import { identityBody } from './precompress';
import { HTML, prepare, writePrepared } from './staticPages';

/** An answer, or one whose sentence is picked from the visitor's language (the route's own errors). */
export type Reply = LeadResponse | ((say: ServerStrings) => LeadResponse);

export type Answer = (req: Request, res: Response, status: number, reply: Reply) => void;

/** The languages the page is offered in now (a publish may change them). */
export type Offered = () => readonly SiteLanguage[];

/**
 * The language of the form that was posted: its `language` field, once the body is read. Before that (a body
 * that cannot be read, a post from another site), English.
 */
export function languageOf(req: Request, offered: Offered): SiteLanguage {
  const body: unknown = req.body;
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[LANGUAGE_FIELD] : undefined;
  return leadLanguage(value, offered());
}

const NO_STORE = 'no-store';

export function wantsHtml(req: Request): boolean {
  return (
    req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded' &&
    req.accepts(['json', 'html']) === 'html'
  );
}

export function createAnswer(resultPage: LeadResultPage, offered: Offered): Answer {
  return (req, res, status, reply) => {
    const language = languageOf(req, offered);
    const response = typeof reply === 'function' ? reply(serverStrings(language)) : reply;
    if (wantsHtml(req)) {
      const page = resultPage(response, typedValues(req.body), language);
      writePrepared(req, res, prepare({ body: identityBody(page, HTML), cacheControl: NO_STORE }), status);
      return;
    }
    res.status(status).setHeader('Cache-Control', NO_STORE);
    res.json(response);
  };
}
