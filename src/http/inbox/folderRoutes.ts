/**
 * The inbox's other folders: spam with its reasons, the alerts still owed
 * (with Send again), where leads come from (the same figures as
 * `leads report`), the owner's activity, and every lead as the CSV of
 * `leads export`.
 */
import { Router } from 'express';
import { exportColumns, toCsv } from '../../leads/leadExport';
import { followUpChannels } from '../../leads/leadMarking';
import { channelNames, leadRecords } from '../../leads/leadRecords';
import { readSourceReport } from '../../leads/sourceReport';
import { OWNER_PATHS } from '../../contract/inbox';
import { SOURCE_PERIODS } from '../../pages/inbox/views';
import type { Services } from '../../services/services';
import { iso } from '../../lib/time';
import { listItem } from './leadViews';
import type { OwnerRouteDeps } from './signInRoutes';
import { ownerForm, sendPage } from './guard';

/** The most rows a folder shows at once (the list of leads pages; these are short by nature). */
const FOLDER_ROWS = 200;
const SENT_AGAIN = 'The failed alerts are back in the queue and being sent now.';

export interface ReviewRouteDeps extends OwnerRouteDeps {
  services: Pick<Services, 'leads' | 'marks' | 'queue' | 'worker' | 'channels' | 'pageViews'>;
  now: () => number;
}

export function reviewRoutes({ owner, guard, pages, services, now }: ReviewRouteDeps): Router {
  const { leads, queue, worker } = services;

  const router = Router({ caseSensitive: true, strict: true });
  router.get(OWNER_PATHS.spam, guard.page, (req, res) => {
    const rows = leads.recentWithVerdict('spam', FOLDER_ROWS);
    sendPage(
      res,
      200,
      pages.spam({
        csrf: guard.csrfOf(req, res),
        leads: rows.map((row) => ({ ...listItem(row), reasons: row.verdict_reasons })),
      }),
    );
  });

  router.get(OWNER_PATHS.alerts, guard.page, (req, res) => {
    const ids = queue.undeliveredLeadIds().slice(-FOLDER_ROWS).reverse();
    const names = new Map(leads.byIds(ids).map((row) => [row.id, row.name]));
    const at = iso(now());
    // A reminder waiting for its time is planned, not owed: it shows once it is due or has failed an attempt.
    const owed = queue
      .ofLeads(ids)
      .filter(
        (a) =>
          a.status === 'failed' ||
          (a.status === 'pending' && (a.attempts > 0 || (a.next_attempt_at !== null && a.next_attempt_at <= at))),
      );
    owed.sort((a, b) => b.lead_id - a.lead_id || a.channel.localeCompare(b.channel));
    sendPage(
      res,
      200,
      pages.alerts({
        csrf: guard.csrfOf(req, res),
        notice: req.query.done === 'sent-again' ? SENT_AGAIN : undefined,
        alerts: owed.map((a) => ({
          leadId: a.lead_id,
          leadName: names.get(a.lead_id) ?? '',
          channel: a.channel,
          status: a.status,
          attempts: a.attempts,
          lastError: a.last_error,
          sentAt: a.sent_at,
          nextAttemptAt: a.next_attempt_at,
        })),
      }),
    );
  });

  router.post(OWNER_PATHS.alertsSendAgain, ownerForm, guard.action, (_req, res) => {
    const at = iso(now());
    const requeued = queue.requeueFailed(at, undefined, followUpChannels(services.channels));
    for (const channel of Object.keys(requeued))
      for (const leadId of queue.due(channel, at, FOLDER_ROWS)) void worker.attempt(leadId, channel);
    const counts = Object.entries(requeued).map(([channel, n]) => `${channel} ${n}`);
    owner.access.record('alerts-sent-again', counts.join(', ') || 'none failed');
    res.redirect(303, `${OWNER_PATHS.alerts}?done=sent-again`);
  });

  router.get(OWNER_PATHS.sources, guard.page, (req, res) => {
    const asked = Number(req.query.days);
    const days = (SOURCE_PERIODS as readonly number[]).includes(asked) ? asked : 30;
    const report = readSourceReport(services, days, now());
    sendPage(res, 200, pages.sources({ csrf: guard.csrfOf(req, res), ...report }));
  });

  router.get(OWNER_PATHS.activity, guard.page, (req, res) => {
    const entries = owner.activity
      .latest(FOLDER_ROWS)
      .map(({ id, at, action, detail }) => ({ id, at, action, detail }));
    sendPage(res, 200, pages.activity({ csrf: guard.csrfOf(req, res), entries }));
  });

  router.get(OWNER_PATHS.exportCsv, guard.page, (_req, res) => {
    const csv = toCsv(leadRecords(leads.since('0000'), services), exportColumns(channelNames(services)));
    owner.access.record('exported', 'every lead as CSV');
    res.setHeader('Content-Disposition', 'attachment; filename="leads.csv"');
    res.type('text/csv; charset=utf-8').send(csv);
  });
  return router;
}
