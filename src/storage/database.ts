/**
 * Opens the SQLite database the leads live in: creates the directory, sets the pragmas that make it safe for the
 * server and the operator's CLI to share it, and brings the schema up to date.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database, { type Database as Db } from 'better-sqlite3';
import { migrate } from './migrate';

export type { Db };

/** How long a write waits for a lock held by another process before it fails (and the visitor gets a 500). */
export const BUSY_TIMEOUT_MS = 2_000;

export function openDatabase(path: string): Db {
  // 0700: the folder holds personal data (with the umask the server and CLI set, every file is 0600).
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const db = new Database(path);
  try {
    // WAL: readers (health check, the sqlite3 shell) never block the writer.
    db.pragma('journal_mode = WAL');
    // FULL: a lead the visitor was told is saved survives a power cut, not only a crash.
    db.pragma('synchronous = FULL');
    // Wait for another connection (an operator's shell) instead of failing at once; short,
    // because better-sqlite3 waits synchronously and the whole process stalls meanwhile.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // A lead's alert rows go with it when it is deleted (ON DELETE CASCADE).
    db.pragma('foreign_keys = ON');
    // A deleted lead (erased on request, or past its retention) is overwritten with zeros, not
    // left readable in free pages. Deletes are rare here, so the extra writes cost nothing noticeable.
    db.pragma('secure_delete = ON');
    // SQLite's own default page cache, 2 MB (negative: KiB): better-sqlite3 builds SQLite with 16 MB, which a
    // growing file fills and glibc never hands back, with no gain in the lead rate. The OS caches the file's pages
    // anyway (docs/decisions/014-sqlite-page-cache-at-sqlites-default.md).
    db.pragma('cache_size = -2000');
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Runs one write with synchronous = NORMAL (or as part of the transaction under way): the speed trick
 * of the alerts' status updates (claim, sent, failure), several per lead, each its own commit. In WAL
 * mode such a commit survives a crash of the process; a power cut may lose the last of them until the
 * next FULL commit syncs the log, which costs an attempt counted once less or an accepted alert sent
 * again, never a lead. With FULL each would wait for an fsync, and a burst of leads with every channel
 * on took 153 leads/s instead of the 200 it must (docs/decisions/024-group-commit-kept-batching-removed.md).
 */
export function relaxedWrite(db: Db): <T>(write: () => T) => T {
  const normal = db.prepare('PRAGMA synchronous = NORMAL');
  const full = db.prepare('PRAGMA synchronous = FULL');
  return (write) => {
    // SQLite refuses to change the safety level inside a transaction: the write joins it as it is.
    if (db.inTransaction) return write();
    normal.run();
    try {
      return write();
    } finally {
      full.run();
    }
  };
}

/**
 * Copies the write-ahead log into the database file and empties it (truncated to 0 bytes), so no
 * page overwritten since (an erased lead's, say) is left in it. Waits up to the busy timeout for
 * other connections; false when one of them kept it from finishing.
 */
export function truncateWal(db: Db): boolean {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
  return result?.busy === 0;
}

/**
 * Which of these texts are still in the database's files (the file and its write-ahead log), byte
 * for byte, free pages included: the proof an erasure leaves nothing. None for a database in memory.
 */
export function textsLeftInFiles(db: Db, texts: readonly string[]): string[] {
  if (db.memory) return [];
  const files = [db.name, `${db.name}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file));
  return texts.filter((text) => files.some((bytes) => bytes.includes(Buffer.from(text, 'utf8'))));
}
