/**
 * Who did an action, and its record: every owner action writes one line of activity itself, naming
 * where it came from, so a release from the shell shows in the inbox's Activity as one from his phone.
 */
import { iso } from '../lib/time';
import type { ActivityTable, OwnerAction } from './activityTable';

export type { OwnerAction };

/** Who acted: the inbox on a device (with the passkey he signed in with, if he did), the CLI, or an e-mailed link. */
export type Actor = { via: 'inbox'; device: string; passkey?: string } | { via: 'cli' } | { via: 'link' };

export const CLI: Actor = { via: 'cli' };

export function actorSource(actor: Actor): string {
  if (actor.via === 'inbox')
    return actor.passkey ? `inbox, ${actor.passkey} (${actor.device})` : `inbox, ${actor.device}`;
  return actor.via === 'cli' ? 'command line' : 'e-mailed link';
}

export type Activity = ReturnType<typeof createActivity>;

export function createActivity(table: ActivityTable, now: () => number) {
  return {
    record: (actor: Actor, action: OwnerAction, detail = '') =>
      table.add({ at: iso(now()), action, detail, source: actorSource(actor) }),
    latest: table.latest,
  };
}
