/**
 * "Retry failed alerts now": puts every alert that gave up back in the queue
 * with a fresh set of attempts, then delivers them from this process with the
 * same senders and rules as the server. Alerts the server still has pending
 * are left to it: taking them here could send one twice.
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createAlertDispatcher } from '../notifications/dispatcher';
import { createSenders, sendTimeoutMs } from '../notifications/senders';
import type { Db } from '../storage/database';
import { CHANNELS, createLeadStore, type Channel } from '../storage/leadStore';

export interface RetryReport {
  requeued: Record<Channel, number>;
  sent: Record<Channel, number>;
  stillUndelivered: Record<Channel, number>;
  notConfigured: Channel[];
}

export async function retryFailedAlerts(db: Db, config: Config, logger: Logger, leadId?: number): Promise<RetryReport> {
  const now = new Date().toISOString();
  const requeued = {} as Record<Channel, number>;
  for (const ch of CHANNELS) {
    const result = db
      .prepare(
        `UPDATE leads SET ${ch}_status = 'pending', ${ch}_attempts = 0, ${ch}_next_attempt_at = ?
         WHERE ${ch}_status = 'failed' AND (? IS NULL OR id = ?)`,
      )
      .run(now, leadId ?? null, leadId ?? null);
    requeued[ch] = result.changes;
  }
  const sentBefore = countByStatus(db, 'sent');
  const senders = createSenders(config, logger);
  const dispatcher = createAlertDispatcher({
    store: createLeadStore(db),
    senders,
    logger,
    answerTimeoutMs: config.alertTimeoutMs,
    sendTimeoutMs: sendTimeoutMs(config),
    retryBaseMs: config.alertRetryBaseMs,
    maxAttempts: config.alertMaxAttempts,
  });
  dispatcher.start(); // attempts every due alert at once
  await dispatcher.stop(sendTimeoutMs(config) + 1_000);
  const sentAfter = countByStatus(db, 'sent');
  const undelivered = countUndelivered(db);
  return {
    requeued,
    sent: { sms: sentAfter.sms - sentBefore.sms, email: sentAfter.email - sentBefore.email },
    stillUndelivered: undelivered,
    notConfigured: CHANNELS.filter((ch) => senders[ch] === undefined),
  };
}

function countByStatus(db: Db, status: string): Record<Channel, number> {
  const count = (ch: Channel) =>
    db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM leads WHERE ${ch}_status = ?`).get(status)?.n ?? 0;
  return { sms: count('sms'), email: count('email') };
}

function countUndelivered(db: Db): Record<Channel, number> {
  const count = (ch: Channel) =>
    db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM leads WHERE ${ch}_status IN ('pending', 'failed')`).get()?.n ?? 0;
  return { sms: count('sms'), email: count('email') };
}
