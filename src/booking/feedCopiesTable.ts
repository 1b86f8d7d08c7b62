/**
 * Every SQL statement on the feed_copies table: the last good copy of the owner's calendar feed (one row), kept
 * so a restart does not lose it, and when the last read failed. url_key is a hash of the feed's address.
 */
import type { Db } from '../storage/database';

export interface FeedCopy {
  url_key: string;
  /** The last good ICS text, or null when no read of this address has succeeded. */
  body: string | null;
  read_at: string | null;
  failed_at: string | null;
  error: string | null;
}

export type FeedCopiesTable = ReturnType<typeof createFeedCopiesTable>;

export function createFeedCopiesTable(db: Db) {
  const get = db.prepare<[], FeedCopy>('SELECT url_key, body, read_at, failed_at, error FROM feed_copies WHERE id = 1');
  const state = db.prepare<[], Omit<FeedCopy, 'body'>>(
    'SELECT url_key, read_at, failed_at, error FROM feed_copies WHERE id = 1',
  );
  const saveGood = db.prepare<[string, string, string]>(
    `INSERT INTO feed_copies (id, url_key, body, read_at, failed_at, error) VALUES (1, ?, ?, ?, NULL, NULL)
     ON CONFLICT (id) DO UPDATE SET url_key = excluded.url_key, body = excluded.body, read_at = excluded.read_at,
       failed_at = NULL, error = NULL`,
  );
  // Every SET reads the row as it was: a copy of another address is dropped, never served for this one.
  const saveFailure = db.prepare<[string, string, string]>(
    `INSERT INTO feed_copies (id, url_key, body, read_at, failed_at, error) VALUES (1, ?, NULL, NULL, ?, ?)
     ON CONFLICT (id) DO UPDATE SET url_key = excluded.url_key,
       body = CASE WHEN url_key = excluded.url_key THEN body END,
       read_at = CASE WHEN url_key = excluded.url_key THEN read_at END,
       failed_at = excluded.failed_at, error = excluded.error`,
  );
  return {
    get: (): FeedCopy | undefined => get.get(),
    /** The row without its body: what every request reads, the body (megabytes) only when it changed. */
    state: (): Omit<FeedCopy, 'body'> | undefined => state.get(),
    /** Keeps a good copy read at `readAt` (ISO text), forgetting any failure. */
    saveGood: (urlKey: string, body: string, readAt: string) => void saveGood.run(urlKey, body, readAt),
    /** Records a failed read; the good copy stays only if it is of the same address. */
    saveFailure: (urlKey: string, failedAt: string, error: string) => void saveFailure.run(urlKey, failedAt, error),
  };
}
