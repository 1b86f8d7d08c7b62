/**
 * The owner's calendar feed as busy times: read again when its copy is older than FEED_FRESH_MS (a request waits
 * FEED_WAIT_MS at most for that read while the last good copy can answer it), not again before FEED_RETRY_MS after
 * a failed read (the last good copy serves meanwhile), and no copy older than FEED_STALE_MS served (no slot offered
 * then). The copy is kept in feed_copies, so a restart keeps it. Its ICS text is read and expanded once, for a
 * span a little past the window asked, in a process of its own (feedExpansion.ts), and only those busy times stay
 * in memory: read here, a feed of 2,000 events stalled every request for a third of a second and left the server
 * 12 MB larger. A text whose expansion failed is not expanded again for FEED_EXPANSION_RETRY_MS unless it changes.
 */
import { createHash } from 'node:crypto';
import {
  FEED_EXPANSION_RETRY_MS,
  FEED_FRESH_MS,
  FEED_RETRY_MS,
  FEED_STALE_MS,
  FEED_TIMEOUT_MS,
  FEED_WAIT_MS,
  type Interval,
} from '../contract/booking';
import { DAY_MS, iso, within } from '../lib/time';
import { expandInProcess } from './feedExpansion';
import type { FeedCopiesTable } from './feedCopiesTable';
import { feedUrlProblem, fetchFeedText, readableUrl } from './feedRead';

export { feedUrlProblem };

/** The state of the feed's reads, for the owner: the last good read, and the last failed one since (ISO text). */
export interface FeedStatus {
  readAt?: string;
  failedAt?: string;
  /** Why the last read failed, without the feed's address. */
  error?: string;
}

export type FeedBusy = { ok: true; busy: Interval[]; readAt: number } | { ok: false; reason: 'no-feed-copy' | 'stale' };

export interface FeedOptions {
  table: FeedCopiesTable;
  now: () => number;
  /** GETs the feed's text within the signal's deadline; throws on anything but a whole 2xx answer. */
  fetchText?: (url: string, signal: AbortSignal) => Promise<string>;
  /** Expands a text into busy times over a span; rejects when it is no calendar. Default: in a process of its own. */
  expand?: (body: string, span: Interval, zone: string) => Promise<Interval[]>;
  timeoutMs?: number;
  waitMs?: number;
}

export type Feed = ReturnType<typeof createFeed>;

/** The key a copy is kept under: the address is a secret kept once, in the availability settings. */
const urlKey = (url: string) => createHash('sha256').update(url).digest('hex');

/** The message with the address (or its secret path) put as "the calendar feed", whatever produced it. */
function withoutAddress(message: string, url: string): string {
  let path = '';
  try {
    path = new URL(url).pathname;
  } catch {}
  const secrets = [url, readableUrl(url), ...(path.length > 1 ? [path] : [])];
  return secrets.reduce((text, secret) => text.replaceAll(secret, 'the calendar feed'), message);
}

// The span expanded at once: a day before the window (an event begun earlier that runs into it) and three days
// past its end, so the windows of the next days (each request's starts at its own now) are answered from it.
const SPAN_BEFORE_MS = DAY_MS;
const SPAN_AFTER_MS = 3 * DAY_MS;
const covers = (span: Interval, window: Interval) => span.start <= window.start && span.end >= window.end;

export function createFeed(options: FeedOptions) {
  const { table, now, fetchText = fetchFeedText, expand = expandInProcess } = options;
  const { timeoutMs = FEED_TIMEOUT_MS, waitMs = FEED_WAIT_MS } = options;
  /** Reads under way, per address: concurrent requests wait for the same one. */
  const reading = new Map<string, Promise<void>>();
  /** The copy in memory: its text's hash and its busy times over `span`, in `zone` (the table's, when key and read_at match). */
  let current:
    | { key: string; readAt: string; hash: string; zone: string; span: Interval; busy: Interval[] }
    | undefined;

  /** Expansions under way, per text and zone: concurrent requests (after a restart, say) wait for the same one. */
  const expanding = new Map<string, Promise<Interval[]>>();
  /** Expansions that failed, per text and zone, with when and why: not tried again before FEED_EXPANSION_RETRY_MS. */
  const failed = new Map<string, { at: number; error: unknown }>();

  /** The busy times of `body` around `window`, expanded now unless the copy in memory already covers them. */
  async function keep(key: string, readAt: string, body: string, window: Interval, zone: string): Promise<Interval[]> {
    const hash = createHash('sha256').update(body).digest('hex');
    // A feed read again unchanged (the same text) keeps its busy times: no parse, no expansion.
    if (current?.hash === hash && current.zone === zone && covers(current.span, window)) {
      current = { ...current, key, readAt };
      return current.busy;
    }
    const text = `${hash} ${zone}`;
    const failure = failed.get(text);
    if (failure && now() - failure.at < FEED_EXPANSION_RETRY_MS) throw failure.error;
    const span = { start: window.start - SPAN_BEFORE_MS, end: window.end + SPAN_AFTER_MS };
    const job = `${hash} ${zone} ${span.start}`;
    let pending = expanding.get(job);
    if (!pending) {
      pending = expand(body, span, zone)
        .catch((error: unknown) => {
          // A few texts at most: each is a version of the owner's calendar that could not be read.
          if (failed.size >= 16) failed.clear();
          failed.set(text, { at: now(), error });
          throw error;
        })
        .finally(() => expanding.delete(job));
      expanding.set(job, pending);
    }
    const busy = await pending;
    current = { key, readAt, hash, zone, span, busy };
    return busy;
  }

  async function read(url: string, key: string, window: Interval, zone: string): Promise<void> {
    try {
      const body = await fetchText(readableUrl(url), AbortSignal.timeout(timeoutMs));
      const readAt = iso(now());
      // A body that is no calendar is a failed read: never stored, so never put in place of a good one.
      await keep(key, readAt, body, window, zone);
      table.saveGood(key, body, readAt);
    } catch (err) {
      table.saveFailure(key, iso(now()), withoutAddress((err as Error).message, url));
    }
  }

  function state(key: string) {
    const row = table.state();
    if (row?.url_key !== key) return undefined;
    const time = (text: string | null) => (text === null ? undefined : Date.parse(text));
    return { readAt: row.read_at ?? undefined, read: time(row.read_at), failed: time(row.failed_at) };
  }

  async function busyOf(key: string, readAt: string, window: Interval, zone: string): Promise<Interval[] | undefined> {
    if (current?.key === key && current.readAt === readAt && current.zone === zone && covers(current.span, window))
      return current.busy;
    const row = table.get();
    if (row?.url_key !== key || row.read_at !== readAt || row.body === null) return undefined;
    return keep(key, readAt, row.body, window, zone);
  }

  return {
    /** How the reads of the feed at `feedUrl` went; nothing when none was tried (or only another address's). */
    status(feedUrl: string): FeedStatus {
      const row = table.state();
      if (row?.url_key !== urlKey(feedUrl)) return {};
      return {
        ...(row.read_at ? { readAt: row.read_at } : {}),
        ...(row.failed_at ? { failedAt: row.failed_at, error: row.error ?? '' } : {}),
      };
    },
    /** His busy times in the window from the feed at `feedUrl`, or why there are none to trust. */
    async busy(feedUrl: string, window: Interval, ownerTimeZone: string): Promise<FeedBusy> {
      const problem = feedUrlProblem(feedUrl);
      if (problem) throw new Error(problem);
      const key = urlKey(feedUrl);
      let copy = state(key);
      const at = now();
      const due = copy?.read === undefined || at - copy.read > FEED_FRESH_MS;
      const mayTry = copy?.failed === undefined || at - copy.failed >= FEED_RETRY_MS;
      if (due && mayTry) {
        let pending = reading.get(key);
        if (!pending) {
          pending = read(feedUrl, key, window, ownerTimeZone).finally(() => reading.delete(key));
          reading.set(key, pending);
        }
        // A calendar server that is slow or hangs holds a visitor for waitMs at most while a good copy can answer:
        // that copy answers, and the read's own copy the requests after it. With none, only the read can answer.
        const servable = copy?.read !== undefined && at - copy.read <= FEED_STALE_MS;
        await (servable ? within(pending, waitMs) : pending);
        copy = state(key);
      }
      const busy =
        copy?.readAt === undefined
          ? undefined
          : await busyOf(key, copy.readAt, window, ownerTimeZone).catch(() => undefined);
      if (!busy || copy?.read === undefined) return { ok: false, reason: 'no-feed-copy' };
      if (now() - copy.read > FEED_STALE_MS) return { ok: false, reason: 'stale' };
      return {
        ok: true,
        busy: busy.filter((span) => span.end > window.start && span.start < window.end),
        readAt: copy.read,
      };
    },
  };
}
