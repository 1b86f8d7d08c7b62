/**
 * The real server process (node --import tsx src/server.ts), as an operator
 * runs it:
 * - crash: SIGKILL while one alert is under way and the other has failed;
 *   after a restart both are delivered, exactly once;
 * - shutdown: SIGTERM lets an alert attempt under way finish, closes the
 *   database and exits 0;
 * - start-up warns once per unconfigured channel; no lead detail is logged.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { projectRoot } from '../../src/paths';
import type { LeadRow } from '../../src/storage/leadStore';
import { startFakeTwilio, type FakeTwilio } from '../fakes/fakeTwilio';
import { startSmtpSink, type SmtpSink } from '../fakes/smtpSink';
import { alertEnv, LEAD_PATH } from '../helpers/leadSite';
import { testTempDir } from '../helpers/site';
import { sleep, waitFor } from '../helpers/waitFor';

const lead = { name: 'Katherine Johnson', company: 'Langley Research', email: 'katherine@example.com' };

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Every child started, so after() can kill one whose test failed before it could. */
const children: ChildProcess[] = [];

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: port, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitFor(() => output.includes('server listening') || child.exitCode !== null, 30_000, 'the server to start');
  assert.ok(output.includes('server listening'), `the server did not start:\n${output}`);
  const url = `http://127.0.0.1:${port}`;
  return { child, url, output: () => output, exited };
}

async function post(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${LEAD_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(lead) });
  assert.equal(res.status, 200);
  return (await res.json()) as Record<string, unknown>;
}

function readLeads(path: string): LeadRow[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT * FROM leads ORDER BY id').all() as LeadRow[];
  } finally {
    db.close();
  }
}

describe('the server process', () => {
  let twilio: FakeTwilio;
  let smtp: SmtpSink;
  before(async () => {
    [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all([twilio.close(), smtp.close()]);
  });

  const serverEnv = (databasePath: string) => ({
    ...alertEnv(twilio, smtp),
    DATABASE_PATH: databasePath,
    // Provider calls may take 3 x 500 ms: on a busy machine a tighter limit can give up on an
    // SMTP server that did accept, and the resend would look like a duplicate.
    ALERT_TIMEOUT_MS: '500',
    ALERT_RETRY_BASE_MS: '300',
    SHUTDOWN_TIMEOUT_MS: '3000',
  });

  it('delivers each alert exactly once after a SIGKILL and a restart', async () => {
    const databasePath = join(testTempDir('crash-'), 'leads.db');
    await twilio.setMode('hang'); // the SMS attempt is under way when the process dies
    smtp.setMode('reject'); // the e-mail attempt failed and waits for its retry
    const first = await startServer(serverEnv(databasePath));
    assert.deepEqual(await post(first.url), { success: true, notificationResult: false });
    await waitFor(() => /SMTP 550/.test(readLeads(databasePath)[0]?.email_last_error ?? ''), 8000, 'the e-mail failure');
    first.child.kill('SIGKILL');
    assert.equal((await first.exited).signal, 'SIGKILL');

    const [stored] = readLeads(databasePath);
    assert.equal(stored?.sms_status, 'pending');
    assert.equal(stored?.email_status, 'pending');
    assert.equal(twilio.messages.length + smtp.messages.length, 0, 'nothing was delivered before the crash');

    twilio.dropHeld(); // the request held for the dead process was never processed
    await twilio.setMode('up');
    smtp.setMode('up');
    const second = await startServer(serverEnv(databasePath));
    await waitFor(() => {
      const [row] = readLeads(databasePath);
      return row?.sms_status === 'sent' && row.email_status === 'sent';
    }, 8000, 'both alerts after the restart');
    await sleep(800); // more than two retry periods: a duplicate would have arrived
    assert.equal(twilio.messages.length, 1);
    assert.equal(smtp.messages.length, 1);
    assert.equal(readLeads(databasePath).length, 1);
    second.child.kill('SIGTERM');
    assert.equal((await second.exited).code, 0);
  });

  it('on SIGTERM lets an alert under way finish, then exits 0', async () => {
    const databasePath = join(testTempDir('shutdown-'), 'leads.db');
    await twilio.setMode('hang');
    // A longer answer timeout here: the provider call (3x) must outlast the shutdown steps below on a busy machine.
    const server = await startServer({ ...serverEnv(databasePath), ALERT_TIMEOUT_MS: '1000', SHUTDOWN_TIMEOUT_MS: '6000' });
    const sentBefore = twilio.messages.length;
    await post(server.url);
    server.child.kill('SIGTERM');
    await sleep(200);
    await assert.rejects(fetch(`${server.url}/healthz`), 'no new connections once shutting down');
    await twilio.setMode('up'); // the provider answers the held request during shutdown
    const { code } = await server.exited;
    assert.equal(code, 0);
    assert.equal(readLeads(databasePath)[0]?.sms_status, 'sent');
    assert.equal(twilio.messages.length, sentBefore + 1);
    assert.match(server.output(), /"msg":"shut down"/);
  });

  it('warns once per unconfigured channel and never logs lead details', async () => {
    const databasePath = join(testTempDir('warn-'), 'leads.db');
    const server = await startServer({ DATABASE_PATH: databasePath });
    assert.deepEqual(await post(server.url), { success: true, notificationResult: false });
    await post(server.url); // a duplicate: logged too
    server.child.kill('SIGTERM');
    assert.equal((await server.exited).code, 0);
    const log = server.output();
    assert.equal(log.match(/SMS alerts are off/g)?.length, 1, log);
    assert.equal(log.match(/E-mail alerts are off/g)?.length, 1, log);
    for (const value of Object.values(lead)) assert.ok(!log.includes(value), `the log shows "${value}"`);
    assert.match(log, /"msg":"lead stored"/);
    assert.equal(readLeads(databasePath)[0]?.sms_status, 'skipped');
  });
});
