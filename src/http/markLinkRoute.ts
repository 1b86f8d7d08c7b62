/**
 * The "Mark as contacted" link of the alert e-mails, in HTTP terms: GET shows the page with one button, its POST
 * marks the lead (once per link). A wrong, altered, expired or used link gets a 403 page and changes nothing. A
 * lead no longer new (contacted, won, lost) is left as it is: GET and POST say so, and the link is not spent. No
 * answer is indexed or stored by any cache; the security headers are set by the app like everywhere else.
 */
import express, { Router, type Request, type Response } from 'express';
import type { Config } from '../config';
import { MARK_LINK_PATH, type LinkCheck, type MarkLinks } from '../leads/markLinks';
import { zonedTime } from '../lib/zonedTime';
import type { Owner } from '../services/owner';
import { REFUSALS, type MarkLinkView } from '../pages/markLinkPage';
import { identityBody } from './precompress';
import { rejectCrossSiteOrigin } from './sameSite';
import { HTML, prepare, writePrepared } from './staticPages';

export interface MarkLinkRouteDeps {
  config: Config;
  links: MarkLinks;
  owner: Pick<Owner, 'leads' | 'reads'>;
  page: (view: MarkLinkView) => string;
  now: () => number;
}

const PRIVATE = [['X-Robots-Tag', 'noindex, nofollow']] as const;
const FIELDS = ['lead', 'action', 'expires', 'sig'] as const;

export function markLinkRoute({ config, links, owner, page, now }: MarkLinkRouteDeps): Router {
  const answer = (req: Request, res: Response, status: number, view: MarkLinkView) => {
    const body = identityBody(page(view), HTML);
    writePrepared(req, res, prepare({ body, cacheControl: 'no-store' }, PRIVATE), status);
  };
  const refuse = (req: Request, res: Response, reason: keyof typeof REFUSALS) =>
    answer(req, res, 403, { kind: 'refused', message: REFUSALS[reason] });

  /** The link and its lead, or the refusal already answered. */
  function checked(req: Request, res: Response, values: Record<string, unknown>) {
    const check: LinkCheck = links.check(values, now());
    if (!check.ok) return void refuse(req, res, check.reason);
    const lead = owner.reads.leadRow(check.leadId);
    if (!lead) return void refuse(req, res, 'gone');
    if (owner.reads.markLinkUsedAt(check.id) !== undefined) return void refuse(req, res, 'used');
    return { check, lead };
  }

  const router = Router({ caseSensitive: true, strict: true });
  router.get(MARK_LINK_PATH, (req, res) => {
    const found = checked(req, res, req.query);
    if (!found) return;
    const { check, lead } = found;
    if (lead.status !== 'new')
      return answer(req, res, 200, { kind: 'already', leadId: check.leadId, status: lead.status });
    const received = zonedTime(lead.created_at, config.ownerTimeZone, { seconds: true });
    const fields = Object.fromEntries(FIELDS.map((name) => [name, String(req.query[name])]));
    answer(req, res, 200, { kind: 'confirm', leadId: check.leadId, received, action: MARK_LINK_PATH, fields });
  });
  const sameSite = rejectCrossSiteOrigin(config, (req, res) => refuse(req, res, 'invalid'));
  const form = express.urlencoded({ extended: false, limit: 2048, parameterLimit: 10 });
  router.post(MARK_LINK_PATH, sameSite, form, (req, res) => {
    const check = checked(req, res, (req.body ?? {}) as Record<string, unknown>)?.check;
    if (!check) return;
    const outcome = owner.leads.markByLink(check.id, check.leadId);
    if (outcome.kind === 'marked') return answer(req, res, 200, { kind: 'done', leadId: check.leadId });
    if (outcome.kind === 'already-marked')
      return answer(req, res, 200, { kind: 'already', leadId: check.leadId, status: outcome.status });
    refuse(req, res, outcome.kind === 'link-used' ? 'used' : 'gone');
  });
  return router;
}
