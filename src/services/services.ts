/**
 * The site's services, assembled from the configuration: the database and its
 * tables, the alert channels and their senders, the delivery worker, the
 * proof-of-work challenges, the lead service, the owner's marks and signed
 * links, the page-view counter, the daily housekeeping and the owner's inbox. createSite
 * (src/site.ts) puts the HTTP layer in front of them; the operator's CLI opens
 * them alone, so both deliver alerts with the same senders and rules.
 */
import { createAlertQueue, type AlertQueue } from '../alerts/alertQueue';
import type { AlertLead, AlertSender } from '../alerts/alertSender';
import { CHANNELS, type ChannelSpec, channelsOfKind } from '../alerts/channels';
import type { DeliveryWorker } from '../alerts/runner';
import type { WebhookPower } from '../alerts/webhookSwitch';
import type { Config } from '../config';
import { openDelivery } from './alerts';
import { createProofChallenges, type ProofChallenges } from '../leads/altchaChallenges';
import { createHousekeeping, type Housekeeping } from '../leads/housekeeping';
import { createLeadMarking, type LeadMarking } from '../leads/leadMarking';
import { createLeadMarksTable, type LeadMarksTable } from '../leads/leadMarksTable';
import { createLeadService, type LeadService } from '../leads/leadService';
import { createLeadsTable, type LeadsTable } from '../leads/leadsTable';
import { createMarkLinks, type MarkLinks } from '../leads/markLinks';
import type { SmsReceipts } from '../leads/smsReceipts';
import { createUsedLinksTable } from '../leads/usedLinksTable';
import { createUsedProofsTable } from '../leads/usedProofsTable';
import type { Logger } from '../lib/logger';
import { type OwnerServices, openOwnerServices } from '../ownerAuth/ownerServices';
import { hostOf } from '../sources/attribution';
import { createPageViewsTable, type PageViewsTable } from '../sources/pageViewsTable';
import { createViewCounter, type ViewCounter } from '../sources/viewCounter';
import { type Db, openDatabase } from '../storage/database';
import { createIpHasher } from '../storage/ipHash';
import { storedSecret } from '../storage/settings';

export interface Services {
  /** The alert channels, in order (src/alerts/channels.ts). */
  channels: readonly ChannelSpec[];
  db: Db;
  leads: LeadsTable;
  marks: LeadMarksTable;
  queue: AlertQueue;
  worker: DeliveryWorker;
  /** The webhook's on/off switch (an endpoint that answered 410 turns it off), when a webhook is configured. */
  webhook: WebhookPower | undefined;
  /** Twilio's delivery reports of the SMS alerts. */
  receipts: SmsReceipts;
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
    const delivery = openDelivery({ db, config, logger, channels, leads, queue, now, markUrl, senders: deps.senders });
    const { senders, worker, warmSenders } = delivery;
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
      webhookSpam: config.webhook?.includeSpam ?? false,
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
      webhook: delivery.webhook,
      receipts: delivery.receipts,
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
          delivery.closeProviders();
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
