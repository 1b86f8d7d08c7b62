/**
 * Records the alerts the providers accepted, the ones of one turn of the
 * event loop in one batch (one commit: relaxedWrites.ts). If the batch cannot
 * commit, each is tried alone, so one bad row fails only its own alert.
 * An acceptance waits for its record at most until the current turn's I/O
 * callbacks are done (setImmediate), so a lone alert is recorded as quickly
 * as before and a burst shares its commits.
 */
import type { AlertQueue } from './alertQueue';

interface Acceptance {
  leadId: number;
  channel: string;
  providerMessageId: string;
  sentAt: string;
  done: (error: unknown) => void;
}

export interface SentRecorder {
  /** Resolves once the acceptance is in the database; rejects when it could not be written. */
  record(leadId: number, channel: string, providerMessageId: string, sentAt: string): Promise<void>;
}

export function createSentRecorder(
  queue: Pick<AlertQueue, 'batch' | 'recordSent'>,
  later: (run: () => void) => void = setImmediate,
): SentRecorder {
  let waiting: Acceptance[] = [];
  const write = (a: Acceptance) => queue.recordSent(a.leadId, a.channel, a.providerMessageId, a.sentAt);

  function flush(): void {
    const group = waiting;
    waiting = [];
    try {
      queue.batch(() => {
        for (const a of group) write(a);
      });
      for (const a of group) a.done(undefined);
    } catch {
      for (const a of group) {
        try {
          write(a);
          a.done(undefined);
        } catch (error) {
          a.done(error ?? new Error('the acceptance could not be recorded'));
        }
      }
    }
  }

  return {
    record: (leadId, channel, providerMessageId, sentAt) =>
      new Promise<void>((resolve, reject) => {
        if (waiting.length === 0) later(flush);
        waiting.push({
          leadId,
          channel,
          providerMessageId,
          sentAt,
          done: (error) => (error === undefined ? resolve() : reject(error)),
        });
      }),
  };
}
