/**
 * Recognises the same submission sent twice (a double click, a retried request). The key ignores surrounding
 * spaces and how the address was spelled (its canonical key, src/lib/addressKey.ts). While the first request is
 * still running, later ones share its answer (in memory); after that, the database finds it for the rest of the
 * window.
 */
import { createHash } from 'node:crypto';
import { storedAddressKey } from '../lib/addressKey';
import type { LeadInput } from '../contract/lead';

export const DEDUPE_WINDOW_MS = 60_000;

export function dedupeKey(lead: LeadInput): string {
  const parts = [lead.name.trim(), lead.company.trim(), storedAddressKey(lead.email)].map((p) => p.normalize('NFC'));
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Answers of requests still under way, by dedupe key. */
export class PendingAnswers<T> {
  private readonly pending = new Map<string, Promise<T>>();

  get(key: string): Promise<T> | undefined {
    return this.pending.get(key);
  }

  /** Registers the answer being computed; forgotten once settled (the database remembers from then on). */
  track(key: string, answer: Promise<T>): Promise<T> {
    this.pending.set(key, answer);
    const forget = () => this.pending.delete(key);
    answer.then(forget, forget);
    return answer;
  }
}
