/**
 * Assembles the lead pipeline from the configuration: the database, its two
 * tables, the alert senders, the delivery worker and the lead service. The
 * server and the operator's CLI both open it here, so they deliver alerts
 * with the same senders and rules.
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createAlertQueue, type AlertQueue, type Channel } from '../alerts/alertQueue';
import { createDeliveryWorker, type DeliveryWorker } from '../alerts/deliveryWorker';
import type { AlertLead, AlertSender } from '../alerts/sender';
import { ALERT_CHANNELS, createSenders, sendTimeoutMs } from '../alerts/senders';
import { openDatabase, type Db } from '../storage/database';
import { createIpHasher } from '../storage/ipHash';
import { createLeadService, type LeadService } from './leadService';
import { createLeadsTable, type LeadsTable } from './leadsTable';

export interface LeadPipeline {
  db: Db;
  leads: LeadsTable;
  queue: AlertQueue;
  worker: DeliveryWorker;
  service: LeadService;
  /** Loads the alert providers' SDKs (imported on first use, to keep them out of the start-up). */
  warmSenders(): Promise<void>;
  /** Stops the retry loop, waits up to timeoutMs for alert attempts under way, closes the database. */
  close(timeoutMs: number): Promise<{ attemptsFinished: boolean }>;
}

export interface LeadPipelineOptions {
  /** Instead of the configured providers (tests of the delivery rules). */
  senders?: Record<Channel, AlertSender>;
  now?: () => number;
  /** Attempts under way per channel at most. */
  maxInFlight?: Record<Channel, number>;
}

export function openLeadPipeline(config: Config, logger: Logger, options: LeadPipelineOptions = {}): LeadPipeline {
  const db = openDatabase(config.databasePath);
  const now = options.now ?? Date.now;
  try {
    const leads = createLeadsTable(db);
    const queue = createAlertQueue(db);
    const senders = options.senders ?? createSenders(config, logger);
    const readLead = (id: number): AlertLead | undefined => {
      const row = leads.get(id);
      return row && { id: row.id, createdAt: row.created_at, name: row.name, company: row.company, email: row.email };
    };
    const worker = createDeliveryWorker({
      queue,
      senders,
      readLead,
      logger,
      now,
      sendTimeoutMs: sendTimeoutMs(config),
      retryBaseMs: config.alertRetryBaseMs,
      maxAttempts: config.alertMaxAttempts,
      maxInFlight: options.maxInFlight,
    });
    const warmSenders = async () => void (await Promise.all(Object.values(senders).map((sender) => sender.warm?.())));
    const service = createLeadService({
      db,
      leads,
      queue,
      worker,
      alertChannels: ALERT_CHANNELS,
      warmSenders,
      hashIp: createIpHasher(config.ipHashSalt, now),
      logger,
      now,
      answerTimeoutMs: config.alertTimeoutMs,
    });
    let closed: Promise<{ attemptsFinished: boolean }> | undefined;
    return {
      db,
      leads,
      queue,
      worker,
      service,
      warmSenders,
      close(timeoutMs) {
        closed ??= worker.stop(timeoutMs).then((attemptsFinished) => {
          for (const sender of Object.values(senders)) sender.close?.();
          if (db.open) db.close();
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
