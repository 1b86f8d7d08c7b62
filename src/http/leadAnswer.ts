/**
 * Answers a lead submission in the form the client can use: JSON for the browser's fetch and API clients, the full
 * result page for a form posted without JavaScript (form-encoded and asking for HTML). Same status either way, and
 * never stored by a cache: the page echoes what the visitor typed.
 */
import type { Request, Response } from 'express';
import type { LeadInput, LeadResponse } from '../contract/lead';
import { typedValues } from '../leads/validation';
import { identityBody } from './precompress';
import { HTML, prepare, writePrepared } from './staticPages';

/** The no-JavaScript answer page: the outcome, and on failure the form again with the typed values. */
export type LeadResultPage = (response: LeadResponse, values: LeadInput) => string;

export type Answer = (req: Request, res: Response, status: number, response: LeadResponse) => void;

const NO_STORE = 'no-store';

export function wantsHtml(req: Request): boolean {
  return (
    req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded' &&
    req.accepts(['json', 'html']) === 'html'
  );
}

export function createAnswer(resultPage: LeadResultPage): Answer {
  return (req, res, status, response) => {
    if (wantsHtml(req)) {
      const page = resultPage(response, typedValues(req.body));
      writePrepared(req, res, prepare({ body: identityBody(page, HTML), cacheControl: NO_STORE }), status);
      return;
    }
    res.status(status).setHeader('Cache-Control', NO_STORE);
    res.json(response);
  };
}
