/**
 * Whether the webhook is on, kept in the settings table so every process (the server, a CLI run) sees it and a
 * restart does not forget it. An endpoint that answers 410 Gone says it wants no more webhooks: the webhook goes
 * off for that WEBHOOK_URL (a new URL starts on), and the owner gets one e-mail saying so, queued like any alert
 * so it survives a crash. `leads webhook-on` turns it back on.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '../lib/logger';
import type { Db } from '../storage/database';
import { deleteSetting, readSetting, writeSettingOnce } from '../storage/settings';
import { iso } from '../lib/time';
import type { AlertQueue } from './alertQueue';

const KEY = 'webhook_off';

interface OffRecord {
  /** SHA-256 of the WEBHOOK_URL that answered 410 (the URL itself may hold a token). */
  url: string;
  at: string;
  leadId: number | null;
}

export interface WebhookSwitchDeps {
  db: Db;
  queue: AlertQueue;
  url: string;
  /** The channel of the owner's e-mail that says the webhook went off; undefined when e-mail is off here. */
  noticeChannel: string | undefined;
  logger: Logger;
  now: () => number;
}

export type WebhookSwitch = ReturnType<typeof createWebhookSwitch>;

export function createWebhookSwitch({ db, queue, url, noticeChannel, logger, now }: WebhookSwitchDeps) {
  const urlHash = createHash('sha256').update(url).digest('hex');
  /** The stored record, whichever URL it is about (undefined when none, or unreadable). */
  const stored = (): OffRecord | undefined => {
    const value = readSetting(db, KEY);
    try {
      return value === undefined ? undefined : (JSON.parse(value) as OffRecord);
    } catch {
      return undefined;
    }
  };
  const current = () => {
    const record = stored();
    return record?.url === urlHash ? record : undefined;
  };
  return {
    /** When and for which lead the current WEBHOOK_URL answered 410; undefined while it is on. */
    offSince() {
      const record = current();
      return record && { at: record.at, leadId: record.leadId };
    },
    /** Undefined while on; when off, why, for the alert's error. */
    offReason(): string | undefined {
      const record = current();
      return record
        ? `the webhook is off: its endpoint answered 410 Gone at ${record.at}; "npm run leads -- webhook-on" turns it back on`
        : undefined;
    },
    /** The endpoint answered 410 to this lead's event: turn the webhook off (and queue the owner's notice, once). */
    gone(leadId: number | undefined): void {
      const record: OffRecord = { url: urlHash, at: iso(now()), leadId: leadId ?? null };
      const turnedOff = db.transaction(() => {
        if (stored()?.url !== urlHash) deleteSetting(db, KEY); // another URL's record, or none
        if (!writeSettingOnce(db, KEY, JSON.stringify(record))) return false;
        if (noticeChannel && leadId !== undefined)
          queue.enqueue(leadId, [{ channel: noticeChannel, status: 'pending', at: record.at }]);
        return true;
      })();
      if (!turnedOff) return;
      logger.error(
        { leadId },
        'webhook turned off: its endpoint answered 410 Gone; "leads webhook-on" turns it back on',
      );
    },
    /** Turns it back on; false when it was not off. */
    turnOn: () => current() !== undefined && deleteSetting(db, KEY),
  };
}
