/**
 * The inbox's other folders: spam with its reasons, the alerts still owed (with Send again), where leads come from
 * (the same figures as `leads report`), the owner's activity, and every lead as the CSV of `leads export`.
 */
import { Router } from 'express';
import { INBOX_PATHS } from '../../contract/inbox';
import { SOURCE_PERIODS } from '../../pages/inbox/views';
import { actorOf } from './guard';
import { listItem } from './leadViews';
import { inboxForm, sendPage } from './respond';
import type { InboxRouteDeps } from './signInRoutes';

/** The most rows a folder shows at once (the list of leads pages; these are short by nature). */
const FOLDER_ROWS = 200;
const SENT_AGAIN = 'The failed alerts are back in the queue and being sent now.';

export function folderRoutes({ owner, guard, pages }: InboxRouteDeps): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(INBOX_PATHS.spam, guard.page, (_req, res) => {
    const leads = owner.reads.spam(FOLDER_ROWS).map((row) => ({ ...listItem(row), reasons: row.verdict_reasons }));
    sendPage(res, 200, pages.spam({ ...guard.signedIn(res), leads }));
  });

  router.get(INBOX_PATHS.alerts, guard.page, (_req, res) => {
    const { alerts, names } = owner.reads.owedAlerts(FOLDER_ROWS);
    const view = alerts.map((a) => ({
      leadId: a.lead_id,
      leadName: names.get(a.lead_id) ?? '',
      channel: a.channel,
      status: a.status,
      attempts: a.attempts,
      lastError: a.last_error,
      sentAt: a.sent_at,
      nextAttemptAt: a.next_attempt_at,
    }));
    sendPage(res, 200, pages.alerts({ ...guard.signedIn(res), alerts: view }));
  });

  router.post(INBOX_PATHS.alertsSendAgain, inboxForm, guard.action, (_req, res) => {
    owner.leads.sendAgain(actorOf(res));
    guard.leaveNotice(res, SENT_AGAIN);
    res.redirect(303, INBOX_PATHS.alerts);
  });

  router.get(INBOX_PATHS.sources, guard.page, (req, res) => {
    const asked = Number(req.query.days);
    const days = (SOURCE_PERIODS as readonly number[]).includes(asked) ? asked : 30;
    sendPage(res, 200, pages.sources({ ...guard.signedIn(res), ...owner.reads.sources(days) }));
  });

  router.get(INBOX_PATHS.activity, guard.page, (_req, res) => {
    sendPage(res, 200, pages.activity({ ...guard.signedIn(res), entries: owner.reads.activity(FOLDER_ROWS) }));
  });

  router.get(INBOX_PATHS.exportCsv, guard.page, (_req, res) => {
    const csv = owner.leads.exportCsv(actorOf(res));
    res.setHeader('Content-Disposition', 'attachment; filename="leads.csv"');
    res.type('text/csv; charset=utf-8').send(csv);
  });
  return router;
}
