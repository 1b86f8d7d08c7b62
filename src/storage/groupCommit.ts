/**
 * Group commit: the writes asked for in one turn of the event loop are made by one IMMEDIATE transaction, so one
 * fsync (the connection runs with synchronous = FULL) makes all of them durable.
 *
 * - Each write runs in its own savepoint: one that throws is undone alone and only its caller gets the error.
 * - A transaction that cannot begin or commit (the lock held by another process past the busy timeout, a full
 *   disk) fails every write of the group, and none of them is stored.
 * - A write never waits for a timer: the group is committed right after the current turn's I/O callbacks
 *   (setImmediate), so a lone write is as quick as before, and under a burst the groups grow by themselves.
 *
 * Why: better-sqlite3 is synchronous, so in a burst of leads the fsync of every lead's own commit held the event
 * loop, and every other request waited for the disk (docs/decisions/012-leads-committed-in-groups.md).
 */
import type { Db } from './database';

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export function groupCommit<T, R>(
  db: Db,
  write: (item: T) => R,
  later: (run: () => void) => void = setImmediate,
): (item: T) => Promise<R> {
  const inSavepoint = db.transaction(write); // nested in the group's transaction: a SAVEPOINT
  const commitGroup = db.transaction((items: T[]) =>
    items.map((item): Outcome<R> => {
      try {
        return { ok: true, value: inSavepoint(item) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
  let waiting: { item: T; resolve: (value: R) => void; reject: (reason: unknown) => void }[] = [];

  function commit(): void {
    const group = waiting;
    waiting = [];
    let outcomes: Outcome<R>[];
    try {
      outcomes = commitGroup.immediate(group.map((w) => w.item));
    } catch (error) {
      for (const w of group) w.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) group[i]!.resolve(outcome.value);
      else group[i]!.reject(outcome.error);
    });
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length === 1) later(commit);
    });
}
