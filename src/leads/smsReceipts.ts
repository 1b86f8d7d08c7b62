/**
 * What happens when Twilio reports how an SMS ended. The report is recorded on the alert once (a repeated or
 * out-of-order report changes nothing after a final state). When the lead's own SMS turns out undelivered or
 * failed, the owner gets the lead again, once, on his other channels: the e-mail fallback, and the fallback of
 * every instant channel that has not already carried this lead.
 */
import type { AlertQueue, PlannedAlert } from '../alerts/alertQueue';
import { type ChannelSpec, leadSmsChannel } from '../alerts/channels';
import { FINAL_SMS_STATES, type FinalSmsState } from '../alerts/smsDelivery';

export { SMS_STATUS_PATH } from '../alerts/smsDelivery';
import type { Logger } from '../lib/logger';
import type { Db } from '../storage/database';
import { iso } from '../lib/time';

export interface SmsReport {
  messageSid: string;
  /** Twilio's MessageStatus: queued, sent, delivered, undelivered, failed, ... */
  status: string;
  /** Twilio's ErrorCode, e.g. "30034"; absent when it has none. */
  errorCode: string | undefined;
}

export interface SmsReceiptsDeps {
  db: Db;
  queue: AlertQueue;
  channels: readonly Pick<ChannelSpec, 'name' | 'kind' | 'provider' | 'covers'>[];
  /** The channels with a sender in this process. */
  configured: readonly string[];
  logger: Logger;
  now: () => number;
}

const isFinal = (status: string): status is FinalSmsState => (FINAL_SMS_STATES as readonly string[]).includes(status);

export type SmsReceipts = ReturnType<typeof createSmsReceipts>;

export function createSmsReceipts({ db, queue, channels, configured, logger, now }: SmsReceiptsDeps) {
  const smsChannels = channels.filter((ch) => ch.provider === 'Twilio').map((ch) => ch.name);
  const leadSms = leadSmsChannel(channels);
  const fallbacks = channels.filter((ch) => ch.kind === 'fallback' && configured.includes(ch.name));

  const recordOnce = db.transaction((report: SmsReport & { status: FinalSmsState }) => {
    const at = iso(now());
    const errorCode = report.status === 'delivered' ? null : (report.errorCode ?? null);
    const alert = queue.recordDelivery(smsChannels, report.messageSid, { state: report.status, errorCode, at });
    if (!alert || report.status === 'delivered' || alert.channel !== leadSms) return { alert, added: [] };
    const plan: PlannedAlert[] = fallbacks
      .filter((ch) => ch.covers === undefined || queue.status(alert.leadId, ch.covers) !== 'sent')
      .map((ch) => ({ channel: ch.name, status: 'pending', at }));
    return { alert, added: queue.enqueue(alert.leadId, plan) };
  });

  return {
    /** 'recorded': a final state, the first for this message; 'ignored': not final, repeated, or no such SMS. */
    record(report: SmsReport): 'recorded' | 'ignored' {
      if (!isFinal(report.status)) return 'ignored';
      const { alert, added } = recordOnce.immediate({ ...report, status: report.status });
      if (!alert) return 'ignored';
      const { leadId, channel } = alert;
      const log = { leadId, channel, delivery: report.status, errorCode: report.errorCode };
      if (report.status === 'delivered') logger.info(log, 'SMS delivered');
      else logger.warn({ ...log, fallbacks: added }, 'SMS not delivered; the lead is sent again on the other channels');
      return 'recorded';
    },
  };
}
