/**
 * Alert delivery from the CLI. deliverDue runs the delivery worker in this
 * process until each due alert has had its attempt (`release` and `retry`).
 * retryFailedAlerts ("retry failed alerts now") first puts every alert that
 * gave up back in the queue with a fresh set of attempts, except a follow-up
 * (a reminder, the auto-reply) of a lead no longer new: that one stays failed,
 * and the report counts it apart. The server may be running on
 * the same database: every attempt is claimed by a compare-and-swap in the
 * queue, so an alert is sent by one of them only.
 */
import { alwaysPlanned } from '../alerts/channels';
import { followUpChannels } from '../leads/leadMarking';
import type { Services } from '../services/services';

export interface RetryReport {
  requeued: Record<string, number>;
  /** Failed follow-ups left as they were: their lead is no longer new. */
  leftFailed: Record<string, number>;
  sent: Record<string, number>;
  stillUndelivered: Record<string, number>;
  notConfigured: string[];
}

function countWhere(services: Services, statuses: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(alwaysPlanned(services.channels).map((ch) => [ch, 0]));
  for (const row of services.queue.countsByStatus()) {
    if (statuses.includes(row.status)) counts[row.channel] = (counts[row.channel] ?? 0) + row.count;
  }
  return counts;
}

/** Runs the worker in this process until every due alert has had its attempt. */
export async function deliverDue(services: Services): Promise<{ notConfigured: string[] }> {
  await services.warmSenders().catch(() => undefined); // a failed load fails the attempts, which count as failures
  await services.worker.runUntilEmpty();
  return { notConfigured: alwaysPlanned(services.channels).filter((ch) => !services.worker.channels.includes(ch)) };
}

/** Failed alerts of these channels, per channel, of one lead or of all. */
function failedOf(services: Services, channels: readonly string[], leadId?: number): Record<string, number> {
  const rows =
    leadId === undefined
      ? services.queue.countsByStatus()
      : services.queue.ofLeads([leadId]).map((row) => ({ ...row, count: 1 }));
  const counts: Record<string, number> = {};
  for (const row of rows) {
    if (row.status === 'failed' && channels.includes(row.channel))
      counts[row.channel] = (counts[row.channel] ?? 0) + row.count;
  }
  return counts;
}

export async function retryFailedAlerts(services: Services, now: Date, leadId?: number): Promise<RetryReport> {
  const followUps = followUpChannels(services.channels);
  const requeued = {
    ...countWhere(services, []),
    ...services.queue.requeueFailed(now.toISOString(), leadId, followUps),
  };
  // Read before delivery, so an attempt of this run that fails for good is not counted here.
  const leftFailed = failedOf(services, followUps, leadId);
  const sentBefore = countWhere(services, ['sent']);
  const { notConfigured } = await deliverDue(services);
  const sentAfter = countWhere(services, ['sent']);
  return {
    requeued,
    leftFailed,
    sent: Object.fromEntries(Object.keys(sentAfter).map((ch) => [ch, (sentAfter[ch] ?? 0) - (sentBefore[ch] ?? 0)])),
    stillUndelivered: countWhere(services, ['pending', 'failed']),
    notConfigured,
  };
}
