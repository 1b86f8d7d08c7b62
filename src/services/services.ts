/**
 * The site's services, assembled from the configuration: the database and its tables, the alert
 * channels, their senders and the runner, the proof-of-work challenges, the lead service, the marks
 * and signed links, the page-view counter, the daily housekeeping, and the owner's actions (his page's content
 * among them). createSite
 * (src/site.ts) puts the HTTP layer in front of them; the operator's CLI opens them alone, so both
 * deliver alerts with the same senders and rules, and both act through the owner's actions.
 */
import { createAlertQueue } from '../alerts/alertQueue';
import type { AlertLead, AlertSender } from '../alerts/alertSender';
import { CHANNELS, type ChannelSpec, channelsOfKind } from '../alerts/channels';
import type { Config } from '../config';
import { createProofChallenges } from '../leads/altchaChallenges';
import { createHousekeeping } from '../leads/housekeeping';
import { createLeadMarking } from '../leads/leadMarking';
import { createLeadMarksTable } from '../leads/leadMarksTable';
import { createLeadService } from '../leads/leadService';
import { createLeadsTable } from '../leads/leadsTable';
import { createMarkLinks } from '../leads/markLinks';
import { createUsedLinksTable } from '../leads/usedLinksTable';
import { createUsedProofsTable } from '../leads/usedProofsTable';
import type { Logger } from '../lib/logger';
import { hostOf } from '../sources/attribution';
import { createPageViewsTable } from '../sources/pageViewsTable';
import { createViewCounter } from '../sources/viewCounter';
import { openDatabase } from '../storage/database';
import { createIpHasher } from '../storage/ipHash';
import { storedSecret } from '../storage/settings';
import { openAlerting, type RetryRules } from './alerts';
import { openBooking } from './booking';
import { openOwner } from './owner';

/** What a test may put in place of the real thing; the server passes none, the CLI `attemptQueued: false`. */
export interface ServiceDeps {
  /** The alert channels (default: CHANNELS): a test adds one, or changes a limit. */
  channels?: readonly ChannelSpec[];
  /** Instead of the senders the configuration builds, by channel name (tests of the delivery rules). */
  senders?: ReadonlyMap<string, AlertSender>;
  /** The clock of the service, the runner, the marks, the challenges and the links. */
  now?: () => number;
  /** How failed alerts are retried (default: after 30 s, doubling, 10 attempts). */
  retry?: Partial<RetryRules>;
  /** False: alerts are sent only when a command runs the runner (the CLI). Default true. */
  attemptQueued?: boolean;
}

/** A failed alert is tried again after 30 s, then 1, 2, 4... minutes: ten attempts span about four hours. */
export const DEFAULT_RETRY: RetryRules = { baseMs: 30_000, maxAttempts: 10 };

export type Services = ReturnType<typeof openServices>;

export function openServices(config: Config, logger: Logger, deps: ServiceDeps = {}) {
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
    const linkSecret = storedSecret(db, 'lead_link_secret', config.linkSecret);
    const markLinks = createMarkLinks(linkSecret, config.publicUrl);
    // Read by the booking channels' alerts; booking is assembled once the runner exists, which its alerts need.
    let booking: ReturnType<typeof openBooking> | undefined;
    const markUrl = (lead: AlertLead) => markLinks.url(lead.id, 'contacted', Date.parse(lead.createdAt));
    const alerting = openAlerting({
      ...{ db, config, logger, channels, leads, queue, now, markUrl, senders: deps.senders },
      retry: { ...DEFAULT_RETRY, ...deps.retry },
      attemptQueued: deps.attemptQueued ?? true,
      alertBooking: (leadId: number, language: string) => booking?.alertBooking(leadId, language),
      hasCall: (leadId: number) => booking?.bookings.callOf(leadId) !== undefined,
    });
    const { senders, runner, warmSenders } = alerting;
    const { grading, autoReply, autoReplyCap, followUpAfterMs, retention } = config;
    const challenges = createProofChallenges({
      secret: storedSecret(db, 'lead_challenge_secret', grading.challengeSecret),
      difficulty: grading.challengeDifficulty,
      now,
    });
    const leadService = createLeadService({
      ...{ db, leads, usedProofs, queue, channels, runner, logger, now, warmSenders },
      challenges: grading.verification === 'proof' ? challenges : undefined,
      rules: grading,
      autoReply,
      autoReplyCap,
      followUpAfterMs,
      webhookSpam: config.webhook?.includeSpam ?? false,
      ownHost: hostOf(config.publicUrl),
      hashIp: createIpHasher(config.ipHashSalt, now),
      answerTimeoutMs: config.alertTimeoutMs,
    });
    const reminderChannels = channelsOfKind(channels, 'reminder');
    booking = openBooking({
      ...{ db, config, leads, queue, now, reminderChannels, secret: linkSecret },
      bookingChannels: channelsOfKind(channels, 'booking').filter((ch) => runner.channels.includes(ch)),
      visitorChannels: channels.filter((ch) => ch.kind === 'booking' && ch.audience === 'visitor').map((ch) => ch.name),
      // The booking channels sent by e-mail are the two invites.
      inviteChannels: channelsOfKind(channels, 'booking').filter(
        (ch) => runner.channels.includes(ch) && channels.some((c) => c.name === ch && c.provider === 'SMTP'),
      ),
    });
    const { bookings, leadsWithCallsToCome } = booking;
    const marking = createLeadMarking({ db, leads, marks, usedLinks, queue, reminderChannels, followUpAfterMs, now });
    const views = createViewCounter(pageViews, logger, now);
    const housekeeping = createHousekeeping({
      ...{ leads, usedProofs, usedLinks, pageViews, retention, logger, now },
      callsToCome: leadsWithCallsToCome,
    });
    const tables = { db, leads, marks, queue, channels, pageViews };
    // The owner's booking alerts of these leads, attempted now (each within the runner's deadline).
    const ownerBookingChannels = channels
      .filter((ch) => ch.kind === 'booking' && ch.audience === 'owner' && runner.channels.includes(ch.name))
      .map((ch) => ch.name);
    const deliverBookingAlerts = async (leadIds: readonly number[]) => {
      await warmSenders().catch(() => undefined);
      return Promise.all(
        leadIds.map(async (id) => {
          const accepted = await Promise.all(ownerBookingChannels.map((channel) => runner.outcome(id, channel)));
          return accepted.length > 0 && accepted.every(Boolean);
        }),
      );
    };
    const owner = openOwner({
      ...{ ...tables, config, logger, now, service: leadService, marking, booking },
      deliverBookingAlerts,
      webhook: alerting.webhook,
    });
    // A new database (or one from before the content was data) publishes the shipped content as revision 1.
    owner.content.ensurePublished();
    let closed: Promise<{ attemptsFinished: boolean }> | undefined;
    return {
      ...tables,
      runner,
      /** The webhook's on/off switch (an endpoint that answered 410 turns it off), when a webhook is configured. */
      webhook: alerting.webhook,
      /** Twilio's delivery reports of the SMS alerts. */
      receipts: alerting.receipts,
      leadService,
      challenges,
      markLinks,
      /** Calls booked on the site: the slots, the bookings, the links. */
      bookings,
      views,
      housekeeping,
      /** The owner's actions, reads and sign-in: what the inbox and the CLI do on his behalf. */
      owner,
      /**
       * The page's content (the owner's content actions): `published()` is what the page shows, `latestRevision()`
       * the cheap check for a revision another process published.
       */
      content: owner.content,
      /** Throws when the database does not answer (the health check). */
      health: () => leads.ping(),
      /** Loads the alert providers' SDKs (imported on first use, to keep them out of the start-up). */
      warmSenders,
      /** Stops retrying, waits up to timeoutMs for attempts under way, writes the view counts, closes the database. */
      close(timeoutMs: number) {
        housekeeping.stop();
        closed ??= runner.stop(timeoutMs).then((attemptsFinished) => {
          for (const sender of senders.values()) sender.close?.();
          alerting.closeProviders();
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
