/**
 * Brings a database file from any older release up to date at start-up: PRAGMA user_version records
 * how many migrations (migrations.ts) have run; each step runs in its own transaction.
 */
import type { Database } from 'better-sqlite3';
import { type Migration, migrations } from './migrations';

/**
 * secure_delete came after the first release, so a file that release wrote may still hold deleted
 * rows (an erased person's) in free pages, and no later release could tell. Every file older than
 * this version is rebuilt once with VACUUM as it is brought up to it; from then on secure_delete
 * overwrites whatever is deleted, and erasure can check the file for the address (leads/personalData.ts).
 */
const FIRST_SECURE_VERSION = 7;

/** Runs the migrations this database has not seen yet. Returns the resulting schema version. */
export function migrate(db: Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `The database schema (version ${current}) is newer than this release knows (${migrations.length}). Upgrade the application.`,
    );
  }
  for (let version = current; version < migrations.length; version++) {
    const step = migrations[version] as Migration;
    db.transaction(() => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
  // Outside any transaction (VACUUM cannot run in one). A new file has nothing to rebuild.
  if (current > 0 && current < FIRST_SECURE_VERSION) db.exec('VACUUM');
  return migrations.length;
}
