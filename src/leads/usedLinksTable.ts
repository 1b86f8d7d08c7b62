/**
 * Every SQL statement on the used_links table: the signed links of alert
 * e-mails that have done their work, so each works once.
 */
import type { Db } from '../storage/database';

export type UsedLinksTable = ReturnType<typeof createUsedLinksTable>;

export function createUsedLinksTable(db: Db) {
  const use = db.prepare<[string, string]>('INSERT OR IGNORE INTO used_links (id, used_at) VALUES (?, ?)');
  const usedAt = db.prepare<[string], { used_at: string }>('SELECT used_at FROM used_links WHERE id = ?');
  const deleteBefore = db.prepare<[string]>('DELETE FROM used_links WHERE used_at < ?');
  return {
    /** Records the link as used; false when it was used already. */
    use: (id: string, at: string) => use.run(id, at).changes === 1,
    usedAt: (id: string) => usedAt.get(id)?.used_at,
    /** Forgets links used before `before`: older than any link's lifetime, they have expired anyway. */
    deleteUsedBefore: (before: string) => deleteBefore.run(before).changes,
  };
}
