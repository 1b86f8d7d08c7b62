/**
 * How the alerts table's status updates reach the disk.
 *
 * The lead and its alert rows are committed with the connection's synchronous = FULL: one fsync,
 * and a lead the visitor was told is saved survives a power cut. An alert's status updates (claim,
 * sent, failure; several commits per lead) run with synchronous = NORMAL: in WAL mode that still
 * survives a crash of the process, but a power cut may lose the last of them (until the next FULL
 * commit or checkpoint syncs the WAL). Losing one means an attempt is counted once less, or an
 * alert the provider accepted is sent again after the restart: the same window as a crash between
 * the provider's answer and recordSent. Why NORMAL: with FULL each of these commits waits for an
 * fsync, several per lead, and the lead run stalled on the disk (docs/performance.md; decision 002).
 *
 * `batch` makes the updates of one moment (a lead's claims on every channel, the acceptances that
 * arrived in one turn of the event loop) one transaction: one commit writes the WAL pages they
 * share once, where each alone would write them again (docs/performance.md).
 */
import type { Db } from '../storage/database';

export interface RelaxedWrites {
  /** Runs one status update with synchronous = NORMAL (or inside the batch under way). */
  relaxed<T>(write: () => T): T;
  /** Runs `writes` as one transaction with synchronous = NORMAL; a batch inside a batch joins it. */
  batch<T>(writes: () => T): T;
}

export function relaxedWrites(db: Db): RelaxedWrites {
  const relaxedSync = db.prepare('PRAGMA synchronous = NORMAL');
  const fullSync = db.prepare('PRAGMA synchronous = FULL');
  // SQLite refuses to change the safety level inside a transaction: set once around the batch.
  let inBatch = false;
  function outside<T>(write: () => T): T {
    relaxedSync.run();
    try {
      return write();
    } finally {
      fullSync.run();
    }
  }
  return {
    relaxed: (write) => (inBatch || db.inTransaction ? write() : outside(write)),
    batch(writes) {
      if (inBatch || db.inTransaction) return writes();
      return outside(() => {
        inBatch = true;
        try {
          return db.transaction(writes)();
        } finally {
          inBatch = false;
        }
      });
    },
  };
}
