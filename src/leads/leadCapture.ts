/**
 * Everything behind the lead endpoint, assembled from the configuration:
 * the database, the store, the IP salt, the alert senders and the dispatcher.
 * The server and the tests build it the same way; close() is the shutdown
 * order (no new attempts, let running ones finish, close the database).
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createAlertDispatcher, type AlertDispatcher } from '../notifications/dispatcher';
import type { AlertSender } from '../notifications/sender';
import { createSenders, sendTimeoutMs } from '../notifications/senders';
import { openDatabase, type Db } from '../storage/database';
import { loadIpSalt } from '../storage/ipHash';
import { createLeadStore, type Channel, type LeadStore } from '../storage/leadStore';

export interface LeadCapture {
  db: Db;
  store: LeadStore;
  dispatcher: AlertDispatcher;
  ipSalt: string;
  now: () => number;
  /** Loads the alert providers' SDKs (imported on first use, to keep them out of the start-up). */
  warmSenders(): Promise<void>;
  /** Stops the retry loop, waits up to timeoutMs for alert attempts under way, closes the database. */
  close(timeoutMs: number): Promise<{ attemptsFinished: boolean }>;
}

export interface LeadCaptureOptions {
  /** Instead of the configured providers (tests of the dispatcher's rules). */
  senders?: Partial<Record<Channel, AlertSender>>;
  now?: () => number;
}

export function openLeadCapture(config: Config, logger: Logger, options: LeadCaptureOptions = {}): LeadCapture {
  const db = openDatabase(config.databasePath);
  const now = options.now ?? Date.now;
  try {
    const store = createLeadStore(db);
    const ipSalt = loadIpSalt(db, config.ipHashSalt);
    const senders = options.senders ?? createSenders(config, logger);
    const dispatcher = createAlertDispatcher({
      store,
      senders,
      logger,
      now,
      answerTimeoutMs: config.alertTimeoutMs,
      sendTimeoutMs: sendTimeoutMs(config),
      retryBaseMs: config.alertRetryBaseMs,
      maxAttempts: config.alertMaxAttempts,
    });
    let closed: Promise<{ attemptsFinished: boolean }> | undefined;
    return {
      db,
      store,
      dispatcher,
      ipSalt,
      now,
      async warmSenders() {
        await Promise.all(Object.values(senders).map((sender) => sender.warm?.()));
      },
      close(timeoutMs) {
        closed ??= dispatcher.stop(timeoutMs).then((attemptsFinished) => {
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
