/**
 * The challenges of passkey ceremonies under way, in memory: a challenge is handed out with the
 * options, taken back once by the verification, and forgotten after five minutes. One process serves
 * the owner's pages, and a ceremony lost to a restart is only a button pressed again.
 */
import { randomBytes } from 'node:crypto';

const TTL_MS = 5 * 60_000;
/** A bound on what clients can make the server hold (each entry is under 200 bytes). */
const MAX_PENDING = 1_000;

export function createCeremonyChallenges(now: () => number) {
  const pending = new Map<string, { challenge: string; expires: number }>();
  const prune = () => {
    const at = now();
    for (const [id, entry] of pending) if (entry.expires <= at) pending.delete(id);
    // Oldest first: a Map iterates in insertion order.
    for (const id of pending.keys()) {
      if (pending.size < MAX_PENDING) break;
      pending.delete(id);
    }
  };
  return {
    /** Keeps the challenge; returns the ceremony id the client sends back with its answer. */
    put(challenge: string) {
      prune();
      const id = randomBytes(18).toString('base64url');
      pending.set(id, { challenge, expires: now() + TTL_MS });
      return id;
    },
    /** The ceremony's challenge, once; undefined when unknown, taken or expired. */
    take(id: string) {
      const entry = pending.get(id);
      pending.delete(id);
      return entry && entry.expires > now() ? entry.challenge : undefined;
    },
  };
}
