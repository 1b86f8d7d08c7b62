/**
 * Every SQL statement on the used_links table: the signed links of alert
 * e-mails that have done their work, so each works once.
 */
import type { Db } from '../storage/database';

export interface UsedLinksTable {
  /** Records the link as used; false when it was used already. */
  use(id: string, at: string): boolean;
  usedAt(id: string): string | undefined;
  /** Forgets links used before `before`: older than any link's lifetime, they have expired anyway. */
  deleteUsedBefore(before: string): number;
}

export function createUsedLinksTable(db: Db): UsedLinksTable {
  const use = db.prepare<[string, string]>('INSERT OR IGNORE INTO used_links (id, used_at) VALUES (?, ?)');
  const usedAt = db.prepare<[string], { used_at: string }>('SELECT used_at FROM used_links WHERE id = ?');
  const deleteBefore = db.prepare<[string]>('DELETE FROM used_links WHERE used_at < ?');
  return {
    use: (id, at) => use.run(id, at).changes === 1,
    usedAt: (id) => usedAt.get(id)?.used_at,
    deleteUsedBefore: (before) => deleteBefore.run(before).changes,
  };
}
