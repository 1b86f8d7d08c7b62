/**
 * Sending from the CLI: the commands that queue alerts (`release`, `retry`) run the runner in this
 * process until each due alert has had its attempt. The server may be running on the same database:
 * every attempt is claimed by a compare-and-swap in the queue, so an alert is sent by one of them only.
 */
import { alwaysPlanned } from '../alerts/channels';
import type { Services } from '../services/services';

/** Runs the runner until every due alert has had its attempt; names the owner's channels this process cannot send. */
export async function runDueAlerts(services: Services): Promise<{ notConfigured: string[] }> {
  await services.warmSenders().catch(() => undefined); // a failed load fails the attempts, which count as failures
  await services.runner.runUntilEmpty();
  return { notConfigured: alwaysPlanned(services.channels).filter((ch) => !services.runner.channels.includes(ch)) };
}

/** Alerts per channel with one of these statuses, every owner channel named (0 when none). */
export function countWhere(services: Services, statuses: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(alwaysPlanned(services.channels).map((ch) => [ch, 0]));
  for (const row of services.queue.countsByStatus()) {
    if (statuses.includes(row.status)) counts[row.channel] = (counts[row.channel] ?? 0) + row.count;
  }
  return counts;
}
