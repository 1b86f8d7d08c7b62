/**
 * Every SQL statement on the proofs_used table: the solved challenges already spent on a lead. Inserted in the
 * lead's own transaction, so the once-only rule holds across concurrent requests and processes (altcha-lib's own
 * in-memory store says of itself that it is not atomic).
 */
import type { Db } from '../storage/database';

export type UsedProofsTable = ReturnType<typeof createUsedProofsTable>;

export function createUsedProofsTable(db: Db) {
  const spend = db.prepare<[string, string]>('INSERT OR IGNORE INTO proofs_used (id, expires_at) VALUES (?, ?)');
  const deleteExpired = db.prepare<[string]>('DELETE FROM proofs_used WHERE expires_at < ?');
  return {
    /** Records the proof as spent; false when it was spent already (a replay). */
    spend: (id: string, expiresAt: string) => spend.run(id, expiresAt).changes === 1,
    /** Forgets proofs whose challenge expired before `now`: they can no longer be replayed anyway. */
    deleteExpired: (now: string) => deleteExpired.run(now).changes,
  };
}
