/**
 * `leads retry` (node dist/cli.js retry) run while the server is running on
 * the same database file: both processes deliver alerts, and they compete for
 * the same due alerts. Each alert must still reach Twilio exactly once: only
 * the compare-and-swap claim in the queue (status pending, due and unleased,
 * checked in the UPDATE itself) keeps the loser of a race from sending it too.
 *
 * The race is staged, not hoped for (left to chance, the server's loop, which
 * looks every 50 ms, claims everything while the CLI is still loading its
 * senders, and a claim without the lease check went unnoticed in 3 runs of 3):
 * 40 SMS alerts fail (Twilio answers 500, one attempt each); the CLI
 * requeues them; right then another connection (as an operator's sqlite3
 * shell or a backup would) takes the write lock and keeps it until both
 * processes are seen waiting on their first claim (when the server's loop
 * claimed all 40 before the lock, the round is run again). They have both read the
 * due alerts (readers are never blocked in WAL mode), so when the lock goes,
 * both claim from the same list of 40. Twilio answers each request after
 * 40 ms, so the winner's attempts are still under way (pending, leased) while
 * the loser tries them: a claim that checked less than the lease would send
 * them twice. Seeing a process wait on the lock reads /proc (Linux only).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startCli } from '../support/cli';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { postLead } from '../support/leadClient';
import { alertEnv } from '../support/leadSite';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { tempDir } from '../support/tempDirs';
import { sleep, waitFor } from '../support/waitFor';

const LEADS = 40;
const TWILIO_DELAY_MS = 40;

/**
 * True while the process's main thread sleeps in SQLite's busy handler, waiting for the write lock
 * (Linux: the kernel function it waits in). An idle Node process waits in epoll instead.
 */
function waitsOnLock(pid: number | undefined): boolean {
  try {
    return /nanosleep/.test(readFileSync(`/proc/${pid}/wchan`, 'utf8'));
  } catch {
    return false;
  }
}

interface SlowTwilio {
  url: string;
  delayMs: number;
  close(): Promise<void>;
}

/** Twilio, slow: forwards each request to the fake after delayMs (the fake has no slow mode). */
async function startSlowTwilio(target: string): Promise<SlowTwilio> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      setTimeout(() => {
        const upstream = request(
          `${target}${req.url}`,
          { method: req.method, headers: req.headers, agent: false },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(chunks));
      }, slow.delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const slow: SlowTwilio = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delayMs: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return slow;
}

/** Resolves as soon as the condition holds, checking on every turn of the event loop. */
async function onceTrue(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const name = (i: number) => `Lead ${String(i).padStart(2, '0')}`;

describe('leads retry alongside the running server', () => {
  let twilio: FakeTwilio;
  let slow: SlowTwilio;
  let smtp: SmtpSink;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let databasePath: string;
  before(async () => {
    [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
    slow = await startSlowTwilio(twilio.url);
    const dataDir = tempDir('retry-race-');
    databasePath = join(dataDir, 'leads.db');
    env = {
      ...alertEnv(twilio, smtp),
      TWILIO_API_URL: slow.url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_PATH: databasePath,
      ALERT_TIMEOUT_MS: '2000', // SMTP and Twilio time out after 6 s: no e-mail fails because the machine is busy
      LEAD_RATE_LIMIT: '1000',
      LEAD_VERIFICATION: 'off', // every lead is texted, as before proof of work
    };
    // One attempt each, and the server's loop looks for due alerts every 50 ms (its shortest wait).
    server = await startServer({ env, dataDir, retry: { baseMs: 20, maxAttempts: 1 } });
  });
  after(async () => {
    await server?.stop();
    await Promise.all([slow.close(), twilio.close(), smtp.close()]);
  });

  it('sends each failed SMS exactly once when the CLI and the server retry it at the same moment', async () => {
    const db = new Database(databasePath);
    const lock = new Database(databasePath);
    try {
      await twilio.setMode('fail500');
      const leads = Array.from({ length: LEADS }, (_, i) => ({
        name: name(i + 1),
        company: 'Acme',
        email: `lead${i + 1}@example.com`,
      }));
      const replies = await Promise.all(leads.map((lead) => postLead(server?.url ?? '', lead)));
      assert.deepEqual(
        replies.map((r) => r.status),
        leads.map(() => 200),
      );
      const count = (status: string, channel = 'sms') =>
        db
          .prepare('SELECT COUNT(*) FROM alerts WHERE channel = ? AND status = ?')
          .pluck()
          .get(channel, status) as number;
      await waitFor(() => count('failed') === 40, 10_000, 'every SMS alert to fail');
      await waitFor(() => smtp.messages.length === 40 && count('sent', 'email') === 40, 10_000, 'the e-mail alerts');
      assert.equal(twilio.messages.length, 0);
      await twilio.setMode('up');
      slow.delayMs = TWILIO_DELAY_MS;
      const leased = () =>
        db
          .prepare("SELECT COUNT(*) FROM alerts WHERE channel = 'sms' AND lease_until IS NOT NULL")
          .pluck()
          .get() as number;

      let cli: ReturnType<typeof startCli>;
      let messagesBefore: number;
      let requestsBefore: number;
      for (let round = 1; ; round++) {
        messagesBefore = twilio.messages.length;
        requestsBefore = twilio.requests;
        cli = startCli(['retry'], env);
        await onceTrue(() => count('pending') > 0, 15_000, 'the CLI to requeue the failed alerts');
        lock.exec('BEGIN IMMEDIATE');
        if (leased() < 40) break;
        // The server's loop claimed all 40 before the lock: no race this round. Once they are sent, they
        // fail again (as if Twilio had lost them) and the round is run again.
        lock.exec('COMMIT');
        assert.equal((await cli.done).code, 0);
        assert.ok(round < 4, 'the server claimed every alert before the race could be staged, 4 rounds in a row');
        await waitFor(() => count('sent') === 40, 10_000, 'the alerts of a round without a race');
        db.prepare(
          "UPDATE alerts SET status = 'failed', attempts = 1, last_error = 'HTTP 500', provider_message_id = NULL, sent_at = NULL WHERE channel = 'sms'",
        ).run();
      }
      // Both processes have read the due alerts and wait on their first claim (their busy handler sleeps):
      // the staging this test depends on, checked rather than assumed.
      await waitFor(
        () => waitsOnLock(server?.child.pid) && waitsOnLock(cli.pid),
        10_000,
        'the server and the CLI to wait on their claims',
      );
      await sleep(50);
      lock.exec('COMMIT');

      const { code, stdout, stderr } = await cli.done;
      assert.equal(code, 0, stderr);
      assert.match(stdout, /^requeued: sms 40, email 0$/m);
      await waitFor(() => count('sent') === 40, 10_000, 'every SMS alert to be sent');
      await sleep(300); // a second attempt of any of them would arrive now

      const messages = twilio.messages.slice(messagesBefore);
      const perLead = new Map<string, number>();
      for (const m of messages) {
        const lead = /^New lead: (Lead \d\d), Acme\n/.exec(m.body)?.[1] ?? m.body;
        perLead.set(lead, (perLead.get(lead) ?? 0) + 1);
      }
      assert.equal(messages.length, 40, `messages per lead: ${JSON.stringify([...perLead])}`);
      assert.equal(perLead.size, 40);
      assert.deepEqual(
        [...perLead.values()].filter((n) => n !== 1),
        [],
        'each lead once',
      );
      assert.equal(twilio.requests - requestsBefore, 40, 'no second request either');
      const rows = db
        .prepare(
          "SELECT lead_id, status, attempts, provider_message_id FROM alerts WHERE channel = 'sms' ORDER BY lead_id",
        )
        .all() as {
        lead_id: number;
        status: string;
        attempts: number;
        provider_message_id: string;
      }[];
      assert.deepEqual(
        rows.map((r) => [r.status, r.attempts]),
        Array.from({ length: 40 }, () => ['sent', 1]),
        'one claim each',
      );
      assert.deepEqual(rows.map((r) => r.provider_message_id).sort(), messages.map((m) => m.sid).sort());
      assert.equal(smtp.messages.length, 40, 'the e-mails, sent before, were not sent again');
    } finally {
      if (lock.inTransaction) lock.exec('ROLLBACK');
      lock.close();
      db.close();
    }
  });
});
