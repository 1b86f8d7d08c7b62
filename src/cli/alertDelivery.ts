/**
 * Alert delivery from the CLI. deliverDue runs the delivery worker in this
 * process until each due alert has had its attempt (`release` and `retry`).
 * retryFailedAlerts ("retry failed alerts now") first puts every alert that
 * gave up back in the queue with a fresh set of attempts. The server may be running on
 * the same database: every attempt is claimed by a compare-and-swap in the
 * queue, so an alert is sent by one of them only.
 */
import { alwaysPlanned } from '../alerts/channels';
import type { Services } from '../services';

export interface RetryReport {
  requeued: Record<string, number>;
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

export async function retryFailedAlerts(services: Services, now: Date, leadId?: number): Promise<RetryReport> {
  const requeued = { ...countWhere(services, []), ...services.queue.requeueFailed(now.toISOString(), leadId) };
  const sentBefore = countWhere(services, ['sent']);
  const { notConfigured } = await deliverDue(services);
  const sentAfter = countWhere(services, ['sent']);
  return {
    requeued,
    sent: Object.fromEntries(Object.keys(sentAfter).map((ch) => [ch, (sentAfter[ch] ?? 0) - (sentBefore[ch] ?? 0)])),
    stillUndelivered: countWhere(services, ['pending', 'failed']),
    notConfigured,
  };
}
