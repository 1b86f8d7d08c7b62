/**
 * Answers a lead submission in the form the client can use: JSON for the
 * browser's fetch and API clients, the full result page for a form posted
 * without JavaScript (form-encoded and asking for HTML). Same status either way.
 */
import type { Request, Response } from 'express';
import type { LeadResultPage } from '../pages/leadResultPage';
import type { LeadResponse } from './leadResponse';
import { typedValues } from './validation';

export type Answer = (req: Request, res: Response, status: number, response: LeadResponse) => void;

export function wantsHtml(req: Request): boolean {
  return req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded' && req.accepts(['json', 'html']) === 'html';
}

export function createAnswer(resultPage: LeadResultPage): Answer {
  return (req, res, status, response) => {
    res.status(status).setHeader('Cache-Control', 'no-store');
    if (wantsHtml(req)) res.type('html').send(resultPage(response, typedValues(req.body)));
    else res.json(response);
  };
}
