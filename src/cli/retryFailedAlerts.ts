/**
 * "Retry failed alerts now": puts every alert that gave up back in the queue
 * with a fresh set of attempts, then runs the delivery worker over what is
 * due until each due alert has had its attempt. The server may be running on
 * the same database: every attempt is claimed by a compare-and-swap in the
 * queue, so an alert is sent by one of them only.
 */
import { ALERT_CHANNELS } from '../alerts/senders';
import type { LeadPipeline } from '../leads/leadPipeline';

export interface RetryReport {
  requeued: Record<string, number>;
  sent: Record<string, number>;
  stillUndelivered: Record<string, number>;
  notConfigured: string[];
}

function countWhere(pipeline: LeadPipeline, statuses: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(ALERT_CHANNELS.map((ch) => [ch, 0]));
  for (const row of pipeline.queue.countsByStatus()) {
    if (statuses.includes(row.status)) counts[row.channel] = (counts[row.channel] ?? 0) + row.count;
  }
  return counts;
}

/** Runs the worker in this process until every due alert has had its attempt. */
export async function deliverDue(pipeline: LeadPipeline): Promise<{ notConfigured: string[] }> {
  await pipeline.warmSenders().catch(() => undefined); // a failed load fails the attempts, which count as failures
  await pipeline.worker.runUntilEmpty();
  return { notConfigured: ALERT_CHANNELS.filter((ch) => !pipeline.worker.channels.includes(ch)) };
}

export async function retryFailedAlerts(pipeline: LeadPipeline, now: Date, leadId?: number): Promise<RetryReport> {
  const requeued = { ...countWhere(pipeline, []), ...pipeline.queue.requeueFailed(now.toISOString(), leadId) };
  const sentBefore = countWhere(pipeline, ['sent']);
  const { notConfigured } = await deliverDue(pipeline);
  const sentAfter = countWhere(pipeline, ['sent']);
  return {
    requeued,
    sent: Object.fromEntries(Object.keys(sentAfter).map((ch) => [ch, (sentAfter[ch] ?? 0) - (sentBefore[ch] ?? 0)])),
    stillUndelivered: countWhere(pipeline, ['pending', 'failed']),
    notConfigured,
  };
}
