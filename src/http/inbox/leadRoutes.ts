/**
 * The signed-in owner's leads: the list (filters, search, 50 to a page), one lead with everything
 * stored about it, and the marks he makes there. Reads become the pages' views here.
 */
import { Router } from 'express';
import { INBOX_PATHS, LEAD_ACTIONS, leadActionPath } from '../../contract/inbox';
import { VERDICTS } from '../../leads/grading';
import { LEAD_STATUSES, type LeadStatus } from '../../leads/leadStatus';
import { searchText } from '../../ownerActions/inboxReads';
import { actorOf } from './guard';
import { leadIdOf, listItem, sendLeadPage } from './leadViews';
import { inboxForm, sendPage } from './respond';
import type { InboxRouteDeps } from './signInRoutes';

const LEADS_PER_PAGE = 50;

/** A query value when it is one of `allowed`, else '' (no filter). */
function choice<T extends string>(value: unknown, allowed: readonly T[]): T | '' {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

export function leadRoutes(deps: InboxRouteDeps): Router {
  const { owner, guard, pages, answers, now } = deps;
  const router = Router({ caseSensitive: true, strict: true });
  router.get(INBOX_PATHS.inbox, guard.page, (req, res) => {
    const status = choice(req.query.status, LEAD_STATUSES);
    const verdict = choice(req.query.verdict, VERDICTS);
    const q = searchText(req.query.q);
    const older = typeof req.query.before === 'string' && /^\d{1,16}$/.test(req.query.before);
    const before = older ? Number(req.query.before) : undefined;
    const rows = owner.reads.leads({
      status: status || undefined,
      verdict: verdict || undefined,
      search: q || undefined,
      before,
      limit: LEADS_PER_PAGE + 1,
    });
    const shown = rows.slice(0, LEADS_PER_PAGE);
    const view = {
      ...guard.signedIn(res),
      leads: shown.map(listItem),
      filters: { status, verdict, q },
      choices: { status: LEAD_STATUSES, verdict: VERDICTS },
      olderThan: rows.length > LEADS_PER_PAGE ? shown.at(-1)?.id : undefined,
      paged: before !== undefined,
      now: now(),
    };
    sendPage(res, 200, pages.inbox(view));
  });

  router.get(`${INBOX_PATHS.lead}:id`, guard.page, (req, res) => sendLeadPage(deps, res, leadIdOf(req)));

  router.post(leadActionPath(':id', LEAD_ACTIONS.mark), inboxForm, guard.action, (req, res) => {
    const id = leadIdOf(req);
    const status = choice((req.body as { status?: unknown }).status, LEAD_STATUSES) as LeadStatus | '';
    if (id === undefined) return answers.notFound(res);
    if (status === '')
      return sendLeadPage(deps, res, id, {
        notice: 'Choose a status: new, contacted, won or lost. Nothing was changed.',
      });
    const outcome = owner.leads.mark(actorOf(res), id, status);
    if (outcome.kind !== 'marked') return answers.notFound(res);
    guard.leaveNotice(res, `Lead #${id} is marked ${status}.`);
    res.redirect(303, `${INBOX_PATHS.lead}${id}`);
  });
  return router;
}
