/**
 * Assembles the lead pipeline from the configuration: the database and its
 * tables, the alert senders, the delivery worker, the proof-of-work checks,
 * the lead service, the owner's marks and signed links, the page-view counter
 * and the daily housekeeping. The server and the operator's CLI both open it
 * here, so they deliver alerts with the same senders and rules.
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createAlertQueue, type AlertQueue, type Channel } from '../alerts/alertQueue';
import { createDeliveryWorker, type DeliveryWorker } from '../alerts/deliveryWorker';
import type { AlertLead, AlertSender } from '../alerts/sender';
import { createSenders, sendTimeoutMs } from '../alerts/senders';
import { describeSource, hostOf, sourceOf } from '../sources/attribution';
import { createPageViewsTable, type PageViewsTable } from '../sources/pageViewsTable';
import { createViewCounter, type ViewCounter } from '../sources/viewCounter';
import { openDatabase, type Db } from '../storage/database';
import { createIpHasher } from '../storage/ipHash';
import { storedSecret } from '../storage/settings';
import { createProofOfWork, type ProofOfWork } from './altchaChallenges';
import { createHousekeeping, type Housekeeping } from './housekeeping';
import { createLeadMarksTable, type LeadMarksTable } from './leadMarksTable';
import { createLeadService, type LeadService } from './leadService';
import { createLeadMarking, type LeadMarking } from './leadStatus';
import { createLeadsTable, type LeadRow, type LeadsTable } from './leadsTable';
import { createMarkLinks, type MarkLinks } from './markLinks';
import { createUsedLinksTable } from './usedLinksTable';
import { createUsedProofsTable } from './usedProofsTable';

export interface LeadPipeline {
  db: Db;
  leads: LeadsTable;
  marks: LeadMarksTable;
  queue: AlertQueue;
  worker: DeliveryWorker;
  service: LeadService;
  /** Hands out and checks the form's proof-of-work challenges. */
  proofs: ProofOfWork;
  /** The owner's marks: new, contacted, won, lost. */
  marking: LeadMarking;
  /** The signed "Mark as contacted" links of the alert e-mails. */
  links: MarkLinks;
  pageViews: PageViewsTable;
  views: ViewCounter;
  housekeeping: Housekeeping;
  /** Loads the alert providers' SDKs (imported on first use, to keep them out of the start-up). */
  warmSenders(): Promise<void>;
  /** Stops the retry loop, waits up to timeoutMs for alert attempts under way, writes the view counts, closes the database. */
  close(timeoutMs: number): Promise<{ attemptsFinished: boolean }>;
}

export interface LeadPipelineOptions {
  /** Instead of the configured providers (tests of the delivery rules). */
  senders?: Record<Channel, AlertSender>;
  now?: () => number;
  /** Attempts under way per channel at most. */
  maxInFlight?: Record<Channel, number>;
}

const alertLeadOf = (row: LeadRow): AlertLead => ({
  id: row.id,
  createdAt: row.created_at,
  name: row.name,
  company: row.company,
  email: row.email,
  verdict: row.verdict,
  source: describeSource(sourceOf(row)),
});

export function openLeadPipeline(config: Config, logger: Logger, options: LeadPipelineOptions = {}): LeadPipeline {
  const db = openDatabase(config.databasePath);
  const now = options.now ?? Date.now;
  try {
    const leads = createLeadsTable(db);
    const marks = createLeadMarksTable(db);
    const usedProofs = createUsedProofsTable(db);
    const usedLinks = createUsedLinksTable(db);
    const queue = createAlertQueue(db);
    const pageViews = createPageViewsTable(db);
    const links = createMarkLinks(storedSecret(db, 'lead_link_secret', config.linkSecret), config.publicUrl);
    const markUrl = (lead: AlertLead) => links.url(lead.id, 'contacted', Date.parse(lead.createdAt));
    const senders = options.senders ?? createSenders(config, logger, { markUrl, now });
    const worker = createDeliveryWorker({
      queue,
      senders,
      readLead: (id) => {
        const row = leads.get(id);
        return row && alertLeadOf(row);
      },
      logger,
      now,
      sendTimeoutMs: sendTimeoutMs(config),
      retryBaseMs: config.alertRetryBaseMs,
      maxAttempts: config.alertMaxAttempts,
      maxInFlight: options.maxInFlight,
    });
    const warmSenders = async () => void (await Promise.all(Object.values(senders).map((sender) => sender.warm?.())));
    const { grading } = config;
    const proofs = createProofOfWork({
      secret: storedSecret(db, 'lead_challenge_secret', grading.challengeSecret),
      difficulty: grading.challengeDifficulty,
      now,
    });
    const service = createLeadService({
      db,
      leads,
      usedProofs,
      queue,
      worker,
      proofs: grading.verification === 'proof' ? proofs : undefined,
      rules: grading,
      autoReply: config.autoReply,
      followUpAfterMs: config.followUpAfterMs,
      ownHost: hostOf(config.publicUrl),
      warmSenders,
      hashIp: createIpHasher(config.ipHashSalt, now),
      logger,
      now,
      answerTimeoutMs: config.alertTimeoutMs,
    });
    const marking = createLeadMarking({ db, leads, marks, usedLinks, queue, followUpAfterMs: config.followUpAfterMs, now });
    const views = createViewCounter(pageViews, logger, now);
    const housekeeping = createHousekeeping({ leads, usedProofs, usedLinks, retention: config.retention, logger, now });
    let closed: Promise<{ attemptsFinished: boolean }> | undefined;
    return {
      db,
      leads,
      marks,
      queue,
      worker,
      service,
      proofs,
      marking,
      links,
      pageViews,
      views,
      housekeeping,
      warmSenders,
      close(timeoutMs) {
        housekeeping.stop();
        closed ??= worker.stop(timeoutMs).then((attemptsFinished) => {
          for (const sender of Object.values(senders)) sender.close?.();
          if (db.open) {
            views.stop();
            db.close();
          }
          return { attemptsFinished };
        });
        return closed;
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
