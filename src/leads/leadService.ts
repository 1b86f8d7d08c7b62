/**
 * The lead service: what happens to a submission once HTTP has read it.
 * submitLead, top to bottom: validate -> honeypot -> dedupe -> store the lead
 * and its alerts in one transaction -> wake the delivery worker -> wait for
 * the SMS at most the answer timeout. It knows nothing of HTTP: the route
 * turns its outcome into a status code and a JSON answer or a page.
 *
 * The lead is committed before any alert is attempted, so whatever happens
 * to the providers, a lead the visitor was told about is never lost.
 */
import type { LeadInput } from '../contract';
import type { Logger } from '../logger';
import type { AlertQueue, Channel } from '../alerts/alertQueue';
import type { DeliveryWorker } from '../alerts/deliveryWorker';
import type { Db } from '../storage/database';
import type { IpHasher } from '../storage/ipHash';
import { DEDUPE_WINDOW_MS, PendingAnswers, dedupeKey } from './dedupe';
import type { LeadsTable } from './leadsTable';
import { isHoneypotHit, validateLead } from './validation';

/** Who sent the submission, as far as the server can tell. */
export interface Submitter {
  ip: string | undefined;
  userAgent: string | undefined;
}

export type LeadOutcome =
  /** Stored (or an identical one was, within the window); notificationResult: the SMS was accepted in time. */
  | { kind: 'accepted'; notificationResult: boolean }
  | { kind: 'invalid'; error: string }
  /** The database refused the lead: nothing was stored, the visitor should try again. */
  | { kind: 'not-stored' };

export interface LeadService {
  submitLead(body: unknown, from: Submitter): Promise<LeadOutcome>;
}

export interface LeadServiceDeps {
  db: Db;
  leads: LeadsTable;
  queue: AlertQueue;
  worker: DeliveryWorker;
  /** Every owner alert channel: the worker's configured ones get a pending alert, the rest a skipped one. */
  alertChannels: readonly Channel[];
  /** Loads the providers' SDKs (imported on first use); a lead arriving first waits for the load, outside the answer timeout. */
  warmSenders: () => Promise<void>;
  /** What is stored instead of the client's address. */
  hashIp: IpHasher;
  logger: Logger;
  now: () => number;
  answerTimeoutMs: number;
}

const MAX_USER_AGENT = 512;

export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { db, leads, queue, worker, logger, now } = deps;
  const pending = deps.alertChannels.filter((ch) => worker.channels.includes(ch));
  const skipped = deps.alertChannels.filter((ch) => !worker.channels.includes(ch));
  const inProgress = new PendingAnswers<LeadOutcome>();
  const answerTimes = answerTiming();

  const store = db.transaction((lead: LeadInput, key: string, from: Submitter): number => {
    const createdAt = new Date(now()).toISOString();
    const id = leads.insert({
      ...lead,
      createdAt,
      userAgent: from.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      ipHash: deps.hashIp(from.ip),
      dedupeKey: key,
    });
    queue.enqueue(id, { pending, skipped }, createdAt);
    return id;
  });

  /** An identical submission still running, or stored within the window: its outcome, without a second alert. */
  function earlierOutcome(key: string): Promise<LeadOutcome> | LeadOutcome | undefined {
    const running = inProgress.get(key);
    if (running) return running;
    const earlier = leads.findDuplicate(key, new Date(now() - DEDUPE_WINDOW_MS).toISOString());
    if (earlier === undefined) return undefined;
    return { kind: 'accepted', notificationResult: queue.status(earlier, 'sms') === 'sent' };
  }

  /** notificationResult is true exactly when the SMS provider accepted the alert within the answer timeout. */
  async function deliver(leadId: number): Promise<LeadOutcome> {
    try {
      await deps.warmSenders().catch(() => undefined); // a failed load fails the attempt, which is retried
      const attempts = worker.deliverNow(leadId);
      const sms = attempts.sms ?? Promise.resolve(false);
      return { kind: 'accepted', notificationResult: await settleWithin(sms, deps.answerTimeoutMs, false) };
    } catch (err) {
      logger.error({ leadId, err }, 'alerts could not be started; the retry loop will send them');
      return { kind: 'accepted', notificationResult: false };
    }
  }

  return {
    async submitLead(body, from) {
      const validation = validateLead(body);
      if (!validation.ok) return { kind: 'invalid', error: validation.error };

      if (isHoneypotHit(body)) {
        logger.info('honeypot field filled: answered like a lead whose SMS was not sent; nothing stored or sent');
        await answerTimes.imitate();
        return { kind: 'accepted', notificationResult: false };
      }

      const key = dedupeKey(validation.lead);
      let leadId: number;
      try {
        const earlier = earlierOutcome(key);
        if (earlier) {
          logger.info('identical submission within a minute: earlier answer repeated, no second alert');
          return await earlier;
        }
        leadId = store(validation.lead, key, from);
      } catch (err) {
        logger.error({ err }, 'lead could not be stored');
        return { kind: 'not-stored' };
      }
      logger.info({ leadId }, 'lead stored');
      return inProgress.track(key, answerTimes.measure(deliver(leadId)));
    },
  };
}

/** The promise's value if it settles within `ms`, else (or if it rejects) the fallback. */
function settleWithin<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    const done = (value: T) => {
      clearTimeout(timer);
      resolve(value);
    };
    promise.then(done, () => done(fallback));
  });
}

/**
 * A bot must not tell a filtered submission from a stored lead by how long the answer takes: the
 * filtered ones wait about as long as real leads' answers have lately (a moving average, with
 * jitter), instead of answering at once.
 */
function answerTiming(initialMs = 20) {
  let averageMs = initialMs;
  return {
    async measure<T>(answer: Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await answer;
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
      }
    },
    imitate(): Promise<void> {
      const ms = averageMs * (0.75 + Math.random() * 0.5);
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}
