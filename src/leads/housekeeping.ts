/**
 * Deletes what is kept no longer than it must be, once at start and then once a day: spam after
 * SPAM_RETENTION_DAYS, every lead after LEAD_RETENTION_DAYS (when set; a lead whose booked call is still to come
 * is kept until the call is over, so the call is neither forgotten nor its time offered again), spent proofs of
 * work once their challenge has expired, used links once no link that old could still be valid, and the
 * page-view counts of days older than PAGE_VIEWS_RETENTION_DAYS (the table would otherwise grow by a day's
 * sources every day, for ever). A lead's alerts go with it (ON DELETE CASCADE); with secure_delete on, the freed
 * bytes are overwritten, not just unlinked.
 */
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { PageViewsTable } from '../sources/pageViewsTable';
import type { LeadsTable } from './leadsTable';
import { LINK_VALIDITY_MS } from './markLinks';
import type { UsedLinksTable } from './usedLinksTable';
import type { UsedProofsTable } from './usedProofsTable';
import { DAY_MS, iso } from '../lib/time';

export interface HousekeepingDeps {
  leads: LeadsTable;
  usedProofs: UsedProofsTable;
  usedLinks: UsedLinksTable;
  pageViews: PageViewsTable;
  retention: Config['retention'];
  /** The leads whose booked call is not over yet, at `now`. */
  callsToCome: (now: number) => readonly number[];
  logger: Logger;
  now: () => number;
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;

export function createHousekeeping(deps: HousekeepingDeps) {
  const { leads, usedProofs, usedLinks, pageViews, retention, logger, now } = deps;
  let timer: NodeJS.Timeout | undefined;
  const before = (days: number) => iso(now() - days * DAY_MS);

  /** One pass; returns how many rows of each kind went. */
  function runOnce() {
    const spam = leads.deleteOlderThan(before(retention.spamDays), 'spam');
    const old =
      retention.leadDays === null
        ? 0
        : leads.deleteOlderThan(before(retention.leadDays), undefined, deps.callsToCome(now()));
    const proofs = usedProofs.deleteExpired(iso(now()));
    usedLinks.deleteUsedBefore(iso(now() - LINK_VALIDITY_MS));
    // A day is kept while any of it is within the retention: the day of the cut-off itself stays.
    const views = pageViews.deleteBefore(before(retention.pageViewDays).slice(0, 10));
    if (views > 0) logger.info({ rows: views }, 'retention: old page-view counts deleted');
    if (spam + old > 0) logger.info({ spam, leads: old }, 'retention: old leads deleted with their alerts');
    return { spam, leads: old, proofs };
  }

  function safeRun(): void {
    try {
      runOnce();
    } catch (err) {
      logger.error({ err }, 'retention pass failed; the next one is in a day');
    }
  }

  return {
    runOnce,
    /** A pass now and one every day, until stop(). */
    start() {
      if (timer) return;
      safeRun();
      timer = setInterval(safeRun, DAY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
