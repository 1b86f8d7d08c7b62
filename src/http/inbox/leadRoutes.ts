/**
 * The signed-in owner's pages of leads: the list (filters, search, 50 to a
 * page) and one lead with everything stored about it, and the marks he makes
 * there. Rows become the pages' plain views here.
 */
import { Router } from 'express';
import { VERDICTS } from '../../leads/grading';
import { LEAD_STATUSES, type LeadRow, type LeadStatus } from '../../leads/leadsTable';
import { OWNER_PATHS } from '../../contract/inbox';
import type { Services } from '../../services/services';
import { leadIdOf, listItem } from './leadViews';
import type { OwnerRouteDeps } from './signInRoutes';
import { ownerForm, sendPage } from './guard';

const LEADS_PER_PAGE = 50;
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export interface InboxRouteDeps extends OwnerRouteDeps {
  services: Pick<Services, 'leads' | 'marks' | 'queue' | 'marking' | 'channels'>;
  now: () => number;
}

/** What the lead page says after an action (by the fixed name in its address, never text from it). */
function leadNotice(done: string, row: LeadRow): string | undefined {
  if (done === 'marked') return `Lead #${row.id} is marked ${row.status}.`;
  if (done === 'released')
    return `Lead #${row.id} is released: it is verified, and the alerts it missed are on their way.`;
  if (done === 'sent-again') return `The failed alerts of lead #${row.id} are being sent again.`;
  return undefined;
}

/** What the list says after an erasure. */
function listNotice(done: string, count: string): string | undefined {
  const leads = /^\d{1,9}$/.test(count) ? `${count} lead${count === '1' ? '' : 's'}` : 'the leads';
  if (done === 'erased')
    return `The person is erased: ${leads}, with their alerts and marks, and no trace of the address is left in the database.`;
  if (done === 'erased-incomplete')
    return `The person's ${leads} are deleted, but the database could not be cleaned completely yet: erase again with npm run leads -- erase.`;
  return undefined;
}

/** A query value when it is one of `allowed`, else '' (no filter). */
function choice<T extends string>(value: unknown, allowed: readonly T[]): T | '' {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

export function inboxRoutes({ owner, guard, pages, services, now }: InboxRouteDeps): Router {
  const { leads, marks, queue, marking } = services;
  const order = services.channels.map((ch) => ch.name);
  const rank = (channel: string) => (order.includes(channel) ? order.indexOf(channel) : order.length);

  const router = Router({ caseSensitive: true, strict: true });
  router.get(OWNER_PATHS.inbox, guard.page, (req, res) => {
    const status = choice(req.query.status, LEAD_STATUSES);
    const verdict = choice(req.query.verdict, VERDICTS);
    const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 100) : '';
    const before =
      typeof req.query.before === 'string' && /^\d{1,16}$/.test(req.query.before)
        ? Number(req.query.before)
        : undefined;
    const rows = leads.inbox({
      status: status || undefined,
      verdict: verdict || undefined,
      search: q || undefined,
      before,
      limit: LEADS_PER_PAGE + 1,
    });
    const shown = rows.slice(0, LEADS_PER_PAGE);
    sendPage(
      res,
      200,
      pages.inbox({
        csrf: guard.csrfOf(req, res),
        notice: listNotice(String(req.query.done), String(req.query.n)),
        leads: shown.map(listItem),
        filters: { status, verdict, q },
        choices: { status: LEAD_STATUSES, verdict: VERDICTS },
        olderThan: rows.length > LEADS_PER_PAGE ? shown.at(-1)?.id : undefined,
        paged: before !== undefined,
        now: now(),
      }),
    );
  });

  router.get(`${OWNER_PATHS.lead}:id`, guard.page, (req, res, next) => {
    const id = leadIdOf(req);
    const row = id === undefined ? undefined : leads.get(id);
    if (!row) return next(); // the site's 404 page
    const notice = leadNotice(String(req.query.done), row);
    sendPage(
      res,
      200,
      pages.lead({
        csrf: guard.csrfOf(req, res),
        notice,
        lead: {
          ...listItem(row),
          verdictReasons: row.verdict_reasons,
          userAgent: row.user_agent,
          utm: UTM.flatMap((name) => (row[name] ? [[name, row[name]] as [string, string]] : [])),
          referrer: row.referrer,
        },
        alerts: queue
          .ofLeads([row.id])
          .sort((a, b) => rank(a.channel) - rank(b.channel))
          .map((a) => ({
            channel: a.channel,
            status: a.status,
            attempts: a.attempts,
            // An error matters while the alert is still owed; a cancelled one's reason is its status.
            lastError: a.status === 'failed' || a.status === 'pending' ? a.last_error : null,
            sentAt: a.sent_at,
            delivery: a.delivery ? { state: a.delivery, error: a.delivery_error } : null,
          })),
        marks: marks.ofLeads([row.id]).map((m) => ({ status: m.status, markedAt: m.marked_at, via: m.via })),
        releasable: row.verdict !== 'verified',
        now: now(),
      }),
    );
  });

  router.post(`${OWNER_PATHS.lead}:id/mark`, ownerForm, guard.action, (req, res) => {
    const id = leadIdOf(req);
    const status = choice((req.body as { status?: unknown }).status, LEAD_STATUSES) as LeadStatus | '';
    if (id === undefined || status === '')
      return void res.status(400).type('text/plain').send('Choose a status: new, contacted, won or lost.');
    const outcome = marking.mark(id, status, 'inbox');
    if (outcome.kind !== 'marked') return void res.status(404).type('text/plain').send(`No lead with id ${id}.`);
    owner.access.record('marked', `lead ${id}: ${outcome.previous} -> ${status}`);
    res.redirect(303, `${OWNER_PATHS.lead}${id}?done=marked`);
  });
  return router;
}
