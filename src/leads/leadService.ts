/**
 * The lead service: what happens to a submission once HTTP has read it. submitLead, top to bottom: validate ->
 * check the proof of work -> dedupe -> one transaction: spend the proof, grade the lead, store it with its alerts
 * (the queue hands them to the runner) -> answer (waiting for the first instant alert at most the answer timeout).
 * It knows nothing of HTTP: the route turns its outcome into a status code and a JSON answer or a page.
 *
 * The lead is committed before any alert is attempted, so whatever happens to the providers, a lead the visitor
 * was told about is never lost. Every stored lead gets the same answer shape; only a verified lead's instant alert
 * can make notificationResult true.
 */
import { storedAddressKey } from '../lib/addressKey';
import { PROOF_FIELD } from '../contract/lead';
import { serverStrings } from '../strings';
import type { Logger } from '../lib/logger';
import { channelsOfKind } from '../alerts/channels';
import type { Runner } from '../alerts/runner';
import type { Db } from '../storage/database';
import { groupCommit } from '../storage/groupCommit';
import type { IpHasher } from '../storage/ipHash';
import { DAY_MS, iso } from '../lib/time';
import type { ProofCheck, ProofChallenges } from './altchaChallenges';
import { answerTiming, settleWithin } from './answerTiming';
import { DEDUPE_WINDOW_MS, PendingAnswers, dedupeKey } from './dedupe';
import { grade, type GradingRules, type Reason, type Verdict } from './grading';
import { createLeadAlerts, type LeadAlertsDeps } from './leadAlerts';
import type { LeadsTable } from './leadsTable';
import type { UsedProofsTable } from './usedProofsTable';
import { type CheckedSubmission, newLeadOf, type Submitter } from './submission';
import { isHoneypotHit, validateLead } from './validation';

export type { Submitter } from './submission';

export type LeadOutcome =
  /**
   * Stored (or an identical one was, within the window: `leadId` is that one's); notificationResult: the SMS was
   * accepted in time.
   */
  | { kind: 'accepted'; notificationResult: boolean; leadId: number }
  | { kind: 'invalid'; error: string }
  /** The database refused the lead: nothing was stored, the visitor should try again. */
  | { kind: 'not-stored' };

export interface Release {
  previous: Verdict;
  /** The channels of the alerts the lead did not have and now has, pending. */
  added: string[];
}

/** What the lead service needs besides what its alerts do (leadAlerts.ts). */
export type LeadServiceDeps = Omit<LeadAlertsDeps, 'leads' | 'configured'> & {
  db: Db;
  leads: LeadsTable;
  usedProofs: UsedProofsTable;
  /** Runs the alerts the queue hands it; the answer waits for the notifying channel's outcome. */
  runner: Pick<Runner, 'channels' | 'outcome'>;
  /** Checks proofs of work; undefined when LEAD_VERIFICATION=off. */
  challenges: ProofChallenges | undefined;
  rules: GradingRules;
  /** This site's host, to tell a visitor's own navigation from a referring site. */
  ownHost: string;
  /**
   * Loads the providers' SDKs (imported on first use); a lead arriving first waits for the load, outside the
   * answer timeout.
   */
  warmSenders: () => Promise<void>;
  /** What is stored instead of the client's address. */
  hashIp: IpHasher;
  logger: Logger;
  answerTimeoutMs: number;
};

export type LeadService = ReturnType<typeof createLeadService>;

export function createLeadService(deps: LeadServiceDeps) {
  const { db, leads, queue, channels, runner, logger, now } = deps;
  const inProgress = new PendingAnswers<LeadOutcome>();
  const answerTimes = answerTiming();
  // The visitor hears whether the owner's phone got the lead: the first instant channel that is on.
  const notifyChannel = channelsOfKind(channels, 'instant').find((name) => runner.channels.includes(name));
  const alerts = createLeadAlerts({ ...deps, configured: runner.channels });

  // Stored in groups (one transaction, one fsync, for the leads of one turn of the event loop),
  // each lead in its own savepoint; IMMEDIATE, so the write lock is taken (or waited for, up to the
  // busy timeout) before the per-address count is read and another process cannot slip a lead in.
  const store = groupCommit(db, (submission: CheckedSubmission) => {
    const { lead, honeypot, proof } = submission;
    const arrived = now();
    const emailKey = storedAddressKey(lead.email);
    // Spent in this transaction: of two requests carrying one solved challenge, exactly one gets it.
    const replayed = proof.status === 'valid' && !deps.usedProofs.spend(proof.id, proof.expiresAt);
    const { verdict, reasons } = grade(
      {
        honeypot,
        proof: replayed ? 'replayed' : proof.status,
        fillMs: proof.status === 'valid' ? arrived - proof.issuedAt : undefined,
        name: lead.name,
        company: lead.company,
        earlierFromAddress: leads.countFromAddress(emailKey, iso(arrived - DAY_MS)),
      },
      deps.rules,
    );
    const graded = { createdAt: iso(arrived), emailKey, verdict, verdictReasons: reasons.join(',') };
    const id = leads.insert(newLeadOf(submission, graded, deps));
    return { id, verdict, reasons, dueNow: alerts.queue(id, verdict, emailKey, arrived).dueNow };
  });

  const release = db.transaction((id: number): Release | undefined => {
    const lead = leads.get(id);
    if (!lead) return undefined;
    if (lead.verdict !== 'verified')
      leads.setVerdict(id, 'verified', [lead.verdict_reasons, 'released'].filter(Boolean).join(','));
    // The owner's SMS and e-mail are queued even when this process (a CLI run without the provider
    // settings, say) cannot send them: the server will. Never 'skipped' for what the server may have.
    // A lead held back until now is announced to the webhook as released, not created.
    const configured = [...new Set([...alerts.alwaysPlanned, ...runner.channels])];
    const released = lead.verdict !== 'verified';
    const { added } = alerts.queue(id, 'verified', lead.email_key, Date.parse(lead.created_at), configured, released);
    return { previous: lead.verdict, added };
  });

  /** An identical submission still running, or stored within the window: its outcome, without a second alert. */
  function earlierOutcome(key: string): Promise<LeadOutcome> | LeadOutcome | undefined {
    const running = inProgress.get(key);
    if (running) return running;
    const earlier = leads.findDuplicate(key, iso(now() - DEDUPE_WINDOW_MS));
    if (earlier === undefined) return undefined;
    return {
      kind: 'accepted',
      leadId: earlier,
      notificationResult: notifyChannel !== undefined && queue.status(earlier, notifyChannel) === 'sent',
    };
  }

  /** True exactly when the owner's instant alert was accepted within the answer timeout. */
  async function notified(leadId: number, dueNow: string[]): Promise<boolean> {
    if (notifyChannel === undefined || !dueNow.includes(notifyChannel)) return false;
    return settleWithin(runner.outcome(leadId, notifyChannel), deps.answerTimeoutMs, false);
  }

  async function storeAndAnswer(submission: CheckedSubmission): Promise<LeadOutcome> {
    let stored: { id: number; verdict: Verdict; reasons: Reason[]; dueNow: string[] };
    try {
      stored = await store(submission);
    } catch (err) {
      logger.error({ err }, 'lead could not be stored');
      return { kind: 'not-stored' };
    }
    const { id, verdict, reasons, dueNow } = stored;
    logger.info({ leadId: id, verdict, reasons: reasons.join(',') || undefined }, 'lead stored');
    if (verdict !== 'verified') {
      // A lead that sends no SMS is answered about as slowly as one that waited for it, and alike.
      await answerTimes.imitate();
      return { kind: 'accepted', notificationResult: false, leadId: id };
    }
    // Measured once the SDKs are loaded: the first lead's one-off load must not teach the
    // imitated answers of filtered submissions to be slow; a failed load fails the attempt, which is retried.
    await deps.warmSenders().catch(() => undefined);
    return { kind: 'accepted', notificationResult: await answerTimes.measure(notified(id, dueNow)), leadId: id };
  }

  return {
    async submitLead(body: unknown, from: Submitter): Promise<LeadOutcome> {
      const validation = validateLead(body, serverStrings(from.language ?? 'en'));
      if (!validation.ok) return { kind: 'invalid', error: validation.error };
      const honeypot = isHoneypotHit(body);
      const proofValue = (body as Record<string, unknown>)[PROOF_FIELD];
      // Before the duplicate check: from there until the answer is tracked nothing may await.
      const proof: ProofCheck =
        deps.challenges && !honeypot ? await deps.challenges.check(proofValue) : { status: 'missing' };

      const key = dedupeKey(validation.lead);
      let earlier: ReturnType<typeof earlierOutcome>;
      try {
        earlier = earlierOutcome(key);
      } catch (err) {
        logger.error({ err }, 'lead could not be stored');
        return { kind: 'not-stored' };
      }
      if (earlier) {
        logger.info('identical submission within a minute: earlier answer repeated, no second alert');
        return earlier;
      }
      return inProgress.track(
        key,
        storeAndAnswer({ body: body as Record<string, unknown>, lead: validation.lead, key, from, honeypot, proof }),
      );
    },

    /** Makes a lead verified and queues the alerts it is missing (none twice); undefined when there is no such lead. */
    releaseLead: (id: number) => release.immediate(id),
  };
}
