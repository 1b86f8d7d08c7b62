/**
 * The calendar feed's copy: reused while fresh (5 minutes), read again after, the last good copy used when a read
 * fails (error, timeout, not a calendar) and the read not tried again for a minute, no copy served older than a
 * day, kept across a restart, never used for another address; the address never in a message.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createFeed, feedUrlProblem } from '../../src/booking/feed';
import { createFeedCopiesTable } from '../../src/booking/feedCopiesTable';
import { openDatabase } from '../../src/storage/database';
import { calendar, startIcsFeed, vevent } from '../support/icsFeed';
import { tempDir } from '../support/tempDirs';
import { waitFor } from '../support/waitFor';

const WINDOW = { start: Date.parse('2027-04-01T00:00:00Z'), end: Date.parse('2027-04-02T00:00:00Z') };
const ZONE = 'Europe/Lisbon';
const FIRST = calendar(vevent('DTSTART:20270401T090000Z', 'DTEND:20270401T100000Z'));
const SECOND = calendar(vevent('DTSTART:20270401T150000Z', 'DTEND:20270401T160000Z'));
const NINE = [{ start: Date.parse('2027-04-01T09:00:00Z'), end: Date.parse('2027-04-01T10:00:00Z') }];
const THREE = [{ start: Date.parse('2027-04-01T15:00:00Z'), end: Date.parse('2027-04-01T16:00:00Z') }];
const T0 = Date.parse('2027-03-31T12:00:00Z');
// The rules' times, as the booking's rules state them: a copy is fresh for 5 minutes; after a failed read the
// feed is tried again after 1 minute; a good copy serves for 24 hours after it was read.
const FEED_FRESH_MS = 5 * 60_000;
const FEED_RETRY_MS = 60_000;
const FEED_STALE_MS = 24 * 60 * 60_000;

const feeds: { close(): Promise<void> }[] = [];
after(() => Promise.all(feeds.map((f) => f.close())));

/** A feed serving FIRST, a database in a fresh folder, and a clock the test moves. */
async function rig(timeoutMs = 300, waitMs?: number) {
  const server = await startIcsFeed(FIRST);
  feeds.push(server);
  const path = join(tempDir(), 'site.db');
  const db = openDatabase(path);
  const clock = { at: T0 };
  const make = (dbToUse = db) =>
    createFeed({ table: createFeedCopiesTable(dbToUse), now: () => clock.at, timeoutMs, waitMs });
  return { server, db, path, clock, feed: make(), make, table: createFeedCopiesTable(db) };
}

const good = (busy: typeof NINE, readAt: number) => ({ ok: true, busy, readAt });

describe('calendar feed: fresh copies', () => {
  it('reads once, reuses the copy for 5 minutes, and reads again after', async () => {
    const { server, feed, clock } = await rig();
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    server.serve(SECOND);
    clock.at = T0 + FEED_FRESH_MS;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    assert.equal(server.requests.length, 1);
    clock.at = T0 + FEED_FRESH_MS + 1;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(THREE, clock.at));
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[0]?.path, '/calendar/private-s3cr3t-token/basic.ics');
  });

  it('answers a window far from the first one asked, and in another time zone, from the same copy', async () => {
    const { server, feed } = await rig();
    const weekly = calendar(
      vevent('DTSTART:20270401T090000Z', 'DTEND:20270401T100000Z', 'RRULE:FREQ=WEEKLY'),
      vevent('DTSTART;VALUE=DATE:20271001', 'DTEND;VALUE=DATE:20271002'),
    );
    server.serve(weekly);
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    // Half a year on: the weekly meeting still, and the all-day event in each zone's own day.
    const october = { start: Date.parse('2027-09-30T00:00:00Z'), end: Date.parse('2027-10-03T00:00:00Z') };
    const span = (start: string, end: string) => ({ start: Date.parse(start), end: Date.parse(end) });
    assert.deepEqual(
      await feed.busy(server.feedUrl, october, 'UTC'),
      good(
        [span('2027-09-30T09:00:00Z', '2027-09-30T10:00:00Z'), span('2027-10-01T00:00:00Z', '2027-10-02T00:00:00Z')],
        T0,
      ),
    );
    assert.deepEqual(
      await feed.busy(server.feedUrl, october, ZONE),
      good(
        [span('2027-09-30T09:00:00Z', '2027-09-30T10:00:00Z'), span('2027-09-30T23:00:00Z', '2027-10-01T23:00:00Z')],
        T0,
      ),
    );
    // A long window (90 days ahead, as `days` allows) sees its last weeks too.
    const quarter = { start: Date.parse('2027-04-02T00:00:00Z'), end: Date.parse('2027-07-01T00:00:00Z') };
    const weeks = await feed.busy(server.feedUrl, quarter, 'UTC');
    assert.equal(weeks.ok && weeks.busy.length, 12, 'every Thursday of the quarter, 8 April to 24 June');
    assert.equal(server.requests.length, 1, 'one read: the copy is expanded again, never fetched again');
  });

  it('shares one read among concurrent requests', async () => {
    const { server, feed } = await rig();
    const answers = await Promise.all([1, 2, 3].map(() => feed.busy(server.feedUrl, WINDOW, ZONE)));
    assert.deepEqual(answers, [good(NINE, T0), good(NINE, T0), good(NINE, T0)]);
    assert.equal(server.requests.length, 1);
  });
});

describe('calendar feed: failed reads', () => {
  it('after a 500, serves the last good copy and tries again only a minute after the failure', async () => {
    const { server, feed, clock, table } = await rig();
    await feed.busy(server.feedUrl, WINDOW, ZONE);
    server.fail(500);
    clock.at = T0 + FEED_FRESH_MS + 1;
    const failedAt = clock.at;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    assert.equal(server.requests.length, 2);
    assert.match(table.get()?.error ?? '', /the calendar feed answered HTTP 500/);
    server.serve(SECOND);
    clock.at = failedAt + FEED_RETRY_MS - 1;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    assert.equal(server.requests.length, 2);
    clock.at = failedAt + FEED_RETRY_MS;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(THREE, clock.at));
    assert.equal(server.requests.length, 3);
    assert.equal(table.get()?.error, null);
  });

  it('after a read that times out, serves the last good copy', async () => {
    const { server, feed, clock, table } = await rig();
    await feed.busy(server.feedUrl, WINDOW, ZONE);
    server.hang();
    clock.at = T0 + FEED_FRESH_MS + 1;
    const started = performance.now();
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    assert.ok(performance.now() - started < 3_000, 'gave up at its deadline');
    assert.match(table.get()?.error ?? '', /did not answer in time/);
  });

  it('a body that is no calendar is a failed read: not stored, the good copy kept', async () => {
    const { server, feed, clock, table } = await rig();
    await feed.busy(server.feedUrl, WINDOW, ZONE);
    server.serve('<html>Please sign in</html>');
    clock.at = T0 + FEED_FRESH_MS + 1;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    assert.equal(table.get()?.body, FIRST);
    assert.match(table.get()?.error ?? '', /calendar feed/);
  });

  it('a body over 5 MB is a failed read', async () => {
    // Time enough to send 5 MB on a loaded machine: the read must fail for its size, not its time.
    const { server, feed, table } = await rig(10_000);
    server.serve(FIRST + 'X'.repeat(5 * 1024 * 1024));
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), { ok: false, reason: 'no-feed-copy' });
    assert.match(table.get()?.error ?? '', /the calendar feed is larger than 5 MB/);
  });

  it('with no copy, a failed read offers nothing', async () => {
    const { server, feed } = await rig();
    server.fail(404);
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), { ok: false, reason: 'no-feed-copy' });
  });

  it('a copy more than a day old is not served', async () => {
    const { server, feed, clock } = await rig();
    await feed.busy(server.feedUrl, WINDOW, ZONE);
    server.fail(503);
    clock.at = T0 + FEED_STALE_MS;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    clock.at = T0 + FEED_STALE_MS + 1;
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), { ok: false, reason: 'stale' });
  });
});

describe('calendar feed: slow reads', () => {
  // A read held far past the request's wait: were the request to wait for it, the test would time out.
  const HELD = { timeout: 20_000 };

  it(
    'a read slower than the wait: the last good copy answers, the read goes on and its copy answers next',
    HELD,
    async () => {
      const { server, feed, clock, table } = await rig(60_000, 100);
      await feed.busy(server.feedUrl, WINDOW, ZONE);
      server.serve(SECOND);
      const release = server.hold();
      clock.at = T0 + FEED_FRESH_MS + 1;
      const readStarted = clock.at;
      assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
      assert.equal(server.reads(), 2, 'the read was asked for');
      assert.equal(table.get()?.read_at, new Date(T0).toISOString(), 'and has not come back yet');
      release();
      await waitFor(() => table.get()?.read_at === new Date(readStarted).toISOString(), 10_000, 'the held read');
      clock.at += 1;
      assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(THREE, readStarted));
      assert.equal(server.reads(), 2, 'no read again for the next request');
    },
  );

  it('with no copy to answer, or only one too old, a request waits for the whole read', HELD, async () => {
    const { server, feed, clock } = await rig(60_000, 100);
    const noCopy = server.hold();
    setTimeout(noCopy, 500);
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    server.serve(SECOND);
    clock.at = T0 + FEED_STALE_MS + 1;
    const tooOld = server.hold();
    setTimeout(tooOld, 500);
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(THREE, clock.at));
    assert.equal(server.reads(), 2);
  });
});

describe('calendar feed: the copy kept', () => {
  it('survives a restart: a new feed over the same database file serves it without a read', async () => {
    const { server, feed, path, clock, make, db } = await rig();
    await feed.busy(server.feedUrl, WINDOW, ZONE);
    db.close();
    const reopened = openDatabase(path);
    server.fail(500);
    clock.at = T0 + 60_000;
    assert.deepEqual(await make(reopened).busy(server.feedUrl, WINDOW, ZONE), good(NINE, T0));
    assert.equal(server.requests.length, 1);
    reopened.close();
  });

  it("never serves another address's copy, even when the new address fails", async () => {
    const { server, feed, table } = await rig();
    await feed.busy(server.feedUrl, WINDOW, ZONE);
    const other = `${server.url}/calendar/another-token/basic.ics`;
    server.fail(500);
    assert.deepEqual(await feed.busy(other, WINDOW, ZONE), { ok: false, reason: 'no-feed-copy' });
    assert.equal(table.get()?.body, null, 'the old copy dropped');
    server.serve(SECOND);
    assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), good(THREE, T0));
  });
});

describe('calendar feed: its address', () => {
  it('is never in a message, whatever went wrong', async () => {
    const { server, feed, table, clock } = await rig();
    const errors: string[] = [];
    for (const setUp of [() => server.fail(500), () => server.hang(), () => server.serve('BEGIN:VCALENDAR\r\nnope')]) {
      setUp();
      clock.at += FEED_RETRY_MS;
      await feed.busy(server.feedUrl, WINDOW, ZONE);
      errors.push(table.get()?.error ?? '');
    }
    await server.close();
    clock.at += FEED_RETRY_MS;
    await feed.busy(server.feedUrl, WINDOW, ZONE);
    errors.push(table.get()?.error ?? '');
    assert.equal(errors.length, 4);
    for (const error of errors) {
      assert.match(error, /the calendar feed/);
      assert.doesNotMatch(error, /s3cr3t|127\.0\.0\.1/);
    }
    await assert.rejects(feed.busy('http://calendar.example/s3cr3t.ics', WINDOW, ZONE), (err: Error) => {
      assert.doesNotMatch(err.message, /s3cr3t|calendar\.example/);
      return /https:/.test(err.message);
    });
  });

  it('must be https: or webcal:, or http: on this machine', () => {
    for (const ok of [
      'https://calendar.example/private/basic.ics',
      'webcal://calendar.example/private/basic.ics',
      'http://127.0.0.1:8080/basic.ics',
      'http://localhost/basic.ics',
      'http://[::1]:9000/basic.ics',
    ])
      assert.equal(feedUrlProblem(ok), undefined, ok);
    for (const bad of [
      'http://calendar.example/basic.ics',
      'ftp://calendar.example/x.ics',
      'not an address',
      '',
      'webcal:basic.ics',
    ])
      assert.equal(
        feedUrlProblem(bad),
        "feed-url must be the https: (or webcal:) address of your calendar's secret ICS feed",
        bad,
      );
  });

  it('reads a webcal: address as https:', async () => {
    const asked: string[] = [];
    const feed = createFeed({
      table: createFeedCopiesTable(openDatabase(join(tempDir(), 'site.db'))),
      now: () => T0,
      fetchText: async (url) => {
        asked.push(url);
        return FIRST;
      },
    });
    assert.deepEqual(await feed.busy('webcal://calendar.example/private/basic.ics', WINDOW, ZONE), good(NINE, T0));
    assert.deepEqual(asked, ['https://calendar.example/private/basic.ics']);
  });
});

describe('calendar feed: a text that could not be expanded', () => {
  it('is not expanded again for 15 minutes while it comes back unchanged; a changed text is, at once', async () => {
    const server = await startIcsFeed(FIRST);
    feeds.push(server);
    const clock = { at: T0 };
    const expanded: string[] = [];
    const feed = createFeed({
      table: createFeedCopiesTable(openDatabase(join(tempDir(), 'site.db'))),
      now: () => clock.at,
      // As the calendar process answers when a calendar holds it until its timeout.
      expand: async (body) => {
        expanded.push(body);
        throw new Error('the calendar feed took too long to read');
      },
    });
    const failedRead = async () => {
      assert.deepEqual(await feed.busy(server.feedUrl, WINDOW, ZONE), { ok: false, reason: 'no-feed-copy' });
      assert.equal(feed.status(server.feedUrl).error, 'the calendar feed took too long to read');
    };
    await failedRead();
    for (const minutes of [1, 2, 14]) {
      clock.at = T0 + minutes * 60_000;
      await failedRead();
    }
    assert.equal(server.requests.length, 4, 'read again each minute');
    assert.deepEqual(expanded, [FIRST], 'expanded once');
    clock.at = T0 + 15 * 60_000;
    await failedRead();
    assert.deepEqual(expanded, [FIRST, FIRST], 'expanded again after 15 minutes');
    server.serve(SECOND);
    clock.at += 60_000;
    await failedRead();
    assert.deepEqual(expanded, [FIRST, FIRST, SECOND], 'a changed calendar is expanded at once');
  });
});
