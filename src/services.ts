/**
 * The site's services, assembled from the configuration: the database and its
 * tables, the alert channels and their senders, the delivery worker, the
 * proof-of-work challenges, the lead service, the owner's marks and signed
 * links, the page-view counter, the daily housekeeping and the owner's inbox. createSite
 * (src/site.ts) puts the HTTP layer in front of them; the operator's CLI opens
 * them alone, so both deliver alerts with the same senders and rules.
 */
import { createAlertQueue, type AlertQueue } from './alerts/alertQueue';
import type { AlertLead, AlertSender } from './alerts/alertSender';
import { buildSenders, CHANNELS, type ChannelSpec, channelsOfKind, sendTimeoutMs } from './alerts/channels';
import { createDeliveryWorker, type DeliveryWorker } from './alerts/deliveryWorker';
import type { Config } from './config';
import { createProofChallenges, type ProofChallenges } from './leads/altchaChallenges';
import { createHousekeeping, type Housekeeping } from './leads/housekeeping';
import { createLeadMarking, followUpChannels, followUpRule, type LeadMarking } from './leads/leadMarking';
import { createLeadMarksTable, type LeadMarksTable } from './leads/leadMarksTable';
import { createLeadService, type LeadService } from './leads/leadService';
import { createLeadsTable, type LeadRow, type LeadsTable } from './leads/leadsTable';
import { createMarkLinks, type MarkLinks } from './leads/markLinks';
import { createUsedLinksTable } from './leads/usedLinksTable';
import { createUsedProofsTable } from './leads/usedProofsTable';
import type { Logger } from './logger';
import { OWNER_PATHS } from './ownerContract';
import { type OwnerServices, openOwnerServices } from './owner/ownerServices';
import { describeSource, hostOf, sourceOf } from './sources/attribution';
import { createPageViewsTable, type PageViewsTable } from './sources/pageViewsTable';
import { createViewCounter, type ViewCounter } from './sources/viewCounter';
import { type Db, openDatabase } from './storage/database';
import { createIpHasher } from './storage/ipHash';
import { storedSecret } from './storage/settings';

export interface Services {
  /** The alert channels, in order (src/alerts/channels.ts). */
  channels: readonly ChannelSpec[];
  db: Db;
  leads: LeadsTable;
  marks: LeadMarksTable;
  queue: AlertQueue;
  worker: DeliveryWorker;
  service: LeadService;
  /** Hands out and checks the form's proof-of-work challenges. */
  challenges: ProofChallenges;
  /** The owner's marks: new, contacted, won, lost. */
  marking: LeadMarking;
  /** The signed "Mark as contacted" links of the alert e-mails. */
  links: MarkLinks;
  pageViews: PageViewsTable;
  views: ViewCounter;
  housekeeping: Housekeeping;
  /** The owner's inbox: his passkeys, sessions, one-time links and the record of his actions. */
  owner: OwnerServices;
  /** Loads the alert providers' SDKs (imported on first use, to keep them out of the start-up). */
  warmSenders(): Promise<void>;
  /** Stops the retry loop, waits up to timeoutMs for alert attempts under way, writes the view counts, closes the database. */
  close(timeoutMs: number): Promise<{ attemptsFinished: boolean }>;
}

/** What a test may put in place of the real thing; the server and the CLI pass none. */
export interface ServiceDeps {
  /** The alert channels (default: CHANNELS): a test adds one, or changes a limit. */
  channels?: readonly ChannelSpec[];
  /** Instead of the senders the configuration builds, by channel name (tests of the delivery rules). */
  senders?: ReadonlyMap<string, AlertSender>;
  /** The clock of the service, the worker, the marks, the challenges and the links. */
  now?: () => number;
}

/** A lead as its alerts tell it, with its page in the owner's inbox. */
const alertLeadOf = (row: LeadRow, publicUrl: string): AlertLead => ({
  id: row.id,
  createdAt: row.created_at,
  name: row.name,
  company: row.company,
  email: row.email,
  verdict: row.verdict,
  source: describeSource(sourceOf(row)),
  inboxUrl: `${publicUrl}${OWNER_PATHS.lead}${row.id}`,
});

export function openServices(config: Config, logger: Logger, deps: ServiceDeps = {}): Services {
  const db = openDatabase(config.databasePath);
  const now = deps.now ?? Date.now;
  const channels = deps.channels ?? CHANNELS;
  try {
    const leads = createLeadsTable(db);
    const marks = createLeadMarksTable(db);
    const usedProofs = createUsedProofsTable(db);
    const usedLinks = createUsedLinksTable(db);
    const queue = createAlertQueue(db);
    const pageViews = createPageViewsTable(db);
    const links = createMarkLinks(storedSecret(db, 'lead_link_secret', config.linkSecret), config.publicUrl);
    const markUrl = (lead: AlertLead) => links.url(lead.id, 'contacted', Date.parse(lead.createdAt));
    const senders = deps.senders ?? buildSenders(channels, config, logger, { markUrl, now });
    const worker = createDeliveryWorker({
      queue,
      channels,
      senders,
      readLead: (id) => {
        const row = leads.get(id);
        return row && alertLeadOf(row, config.publicUrl);
      },
      stillApplies: followUpRule(leads, followUpChannels(channels)),
      logger,
      now,
      sendTimeoutMs: sendTimeoutMs(config),
      retryBaseMs: config.alertRetryBaseMs,
      maxAttempts: config.alertMaxAttempts,
    });
    const warmSenders = async () => void (await Promise.all([...senders.values()].map((sender) => sender.warm?.())));
    const { grading } = config;
    const challenges = createProofChallenges({
      secret: storedSecret(db, 'lead_challenge_secret', grading.challengeSecret),
      difficulty: grading.challengeDifficulty,
      now,
    });
    const service = createLeadService({
      db,
      leads,
      usedProofs,
      queue,
      channels,
      worker,
      challenges: grading.verification === 'proof' ? challenges : undefined,
      rules: grading,
      autoReply: config.autoReply,
      autoReplyCap: config.autoReplyCap,
      followUpAfterMs: config.followUpAfterMs,
      ownHost: hostOf(config.publicUrl),
      warmSenders,
      hashIp: createIpHasher(config.ipHashSalt, now),
      logger,
      now,
      answerTimeoutMs: config.alertTimeoutMs,
    });
    const reminderChannels = channelsOfKind(channels, 'reminder');
    const marking = createLeadMarking({
      db,
      leads,
      marks,
      usedLinks,
      queue,
      reminderChannels,
      followUpAfterMs: config.followUpAfterMs,
      now,
    });
    const views = createViewCounter(pageViews, logger, now);
    const housekeeping = createHousekeeping({
      leads,
      usedProofs,
      usedLinks,
      pageViews,
      retention: config.retention,
      logger,
      now,
    });
    const owner = openOwnerServices(db, config, logger, now);
    let closed: Promise<{ attemptsFinished: boolean }> | undefined;
    return {
      channels,
      db,
      leads,
      marks,
      queue,
      worker,
      service,
      challenges,
      marking,
      links,
      pageViews,
      views,
      housekeeping,
      owner,
      warmSenders,
      close(timeoutMs) {
        housekeeping.stop();
        closed ??= worker.stop(timeoutMs).then((attemptsFinished) => {
          for (const sender of senders.values()) sender.close?.();
          owner.close();
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
