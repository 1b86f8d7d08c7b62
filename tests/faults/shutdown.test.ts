/**
 * The server process killed in the middle of work.
 * SIGTERM: submissions under way get their answer, alert attempts under way
 * either finish (and are recorded as sent, so never resent) or, when the
 * shutdown deadline cuts them off, stay pending, no new connection is taken,
 * the process exits 0, and nothing is half-written: every answered lead is
 * stored once, every alert is 'sent' or 'pending' (never lost as 'failed'),
 * and after a restart each alert reaches its fake once.
 * SIGKILL: with one alert under way and the other failed, a restart on the
 * same database delivers both, exactly once; the same for the webhook,
 * Telegram and ntfy.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { postLead, type LeadReply } from '../support/leadClient';
import { integrityAt, readLeadRowsAt } from '../support/leadRows';
import { alertEnv } from '../support/leadSite';
import { startOwnerChannels } from '../support/ownerChannels';
import { startServer } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { tempDir } from '../support/tempDirs';
import { sleep, waitFor } from '../support/waitFor';

/** The visitor's answer waits this long for the SMS; a provider call may take three times as long. */
const ANSWER_MS = 1_000;

let twilio: FakeTwilio;
let smtp: SmtpSink;
let n = 0;
const figures = { sigterms: 0, inFlightAtSigterm: 0, answered: 0, pendingAtExit: 0 };

before(async () => {
  [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
});

after(async () => {
  await Promise.all([twilio?.close(), smtp?.close()]);
  console.log(
    `[shutdown] SIGTERMs ${figures.sigterms}; submissions in flight at SIGTERM ${figures.inFlightAtSigterm}, answered ${figures.answered}; alerts left pending at exit ${figures.pendingAtExit}, all delivered once after restart; lost 0`,
  );
});

const readRows = (dir: string) => readLeadRowsAt(join(dir, 'leads.db'));

async function sigtermDuringWork(shutdownMs: number, duringShutdown: () => Promise<void>) {
  await twilio.setMode('hang');
  smtp.setMode('hang');
  const dataDir = tempDir('sigterm-');
  const env = {
    ...alertEnv(twilio, smtp),
    ALERT_TIMEOUT_MS: String(ANSWER_MS),
    SHUTDOWN_TIMEOUT_MS: String(shutdownMs),
    LEAD_RATE_LIMIT: '1000',
  };
  const server = await startServer({ dataDir, env, retry: { baseMs: 100 } });
  const leads = Array.from({ length: 6 }, () => ({
    name: `Term ${(n += 1)}`,
    company: 'Acme',
    email: `term-${n}@example.com`,
  }));
  const replies = leads.map((l) =>
    postLead(server.url, l).catch(
      (e: Error): LeadReply => ({ status: 0, headers: {}, text: e.message, json: undefined }),
    ),
  );
  // SIGTERM once all six are stored and waiting on their SMS (held by the hanging fake): truly in flight.
  await waitFor(() => readRows(dataDir).length === leads.length, 5_000, 'the six submissions to be stored');
  const stoppedAt = Date.now();
  figures.sigterms += 1;
  figures.inFlightAtSigterm += leads.length;
  const exit = server.stop('SIGTERM', shutdownMs + 10_000);
  // The server logs this line in the same turn as it stops listening; a fixed pause was too short
  // on a loaded machine.
  await waitFor(() => server.output().includes('"msg":"shutting down"'), 5_000, 'the server to take the SIGTERM');
  await assert.rejects(fetch(`${server.url}/healthz`), 'no new connection once shutting down');
  await duringShutdown();
  const answers = await Promise.all(replies);
  const code = await exit;
  const took = Date.now() - stoppedAt;
  figures.answered += answers.filter((a) => a.status === 200).length;
  assert.deepEqual(
    answers.map((a) => a.status),
    leads.map(() => 200),
    `every submission under way was answered: ${answers.map((a) => a.text.slice(0, 80)).join(' | ')}\n${server.output()}`,
  );
  assert.equal(code, 0, `exit code 0\n${server.output()}`);
  assert.ok(took < shutdownMs + 2_500, `exited within the shutdown deadline (${took} ms)`);
  assert.match(server.output(), /"msg":"shut down"/);
  assert.equal(integrityAt(join(dataDir, 'leads.db')), 'ok');
  const rows = readRows(dataDir);
  assert.deepEqual(rows.map((r) => r.email).sort(), leads.map((l) => l.email).sort(), 'each answered lead stored once');
  for (const r of rows)
    for (const status of [r.sms_status, r.email_status])
      assert.ok(status === 'sent' || status === 'pending', `status ${status}`);
  figures.pendingAtExit += rows.reduce(
    (k, r) => k + (r.sms_status === 'pending' ? 1 : 0) + (r.email_status === 'pending' ? 1 : 0),
    0,
  );
  return { dataDir, env, leads, rows };
}

async function restartAndDeliver(dataDir: string, env: Record<string, string>, emails: string[]) {
  // The fake drops held requests whose client is gone; give it an I/O turn to see the old process's sockets close.
  await sleep(100);
  await twilio.setMode('up');
  smtp.setMode('up');
  const server = await startServer({ dataDir, env, retry: { baseMs: 100 } });
  try {
    await waitFor(
      () => readRows(dataDir).every((r) => r.sms_status === 'sent' && r.email_status === 'sent'),
      15_000,
      'pending alerts after the restart',
    );
    await sleep(300);
    for (const email of emails) {
      assert.equal(twilio.messages.filter((m) => m.body.includes(`\n${email}\n`)).length, 1, `one SMS for ${email}`);
      assert.equal(
        smtp.messages.filter((m) => m.text?.includes(`Email: ${email}\n`)).length,
        1,
        `one e-mail for ${email}`,
      );
    }
  } finally {
    await server.stop();
  }
}

describe('SIGTERM while submissions and alerts are under way', () => {
  it('finishes what it can before the deadline: held SMS accepted during shutdown are recorded, never resent', async () => {
    const { dataDir, env, leads, rows } = await sigtermDuringWork(8_000, async () => {
      await twilio.setMode('up'); // the slow provider finally answers the held requests
    });
    assert.ok(
      rows.every((r) => r.sms_status === 'sent'),
      'the SMS attempts finished and were recorded before exit',
    );
    await restartAndDeliver(
      dataDir,
      env,
      leads.map((l) => l.email),
    );
  });

  it('leaves attempts cut off by the deadline pending, and delivers them once after a restart', async () => {
    // Longer than the visitor's answer, shorter than a hung provider call (3 x the answer time).
    const { dataDir, env, leads, rows } = await sigtermDuringWork(2 * ANSWER_MS, async () => {});
    assert.ok(
      rows.some((r) => r.sms_status === 'pending' || r.email_status === 'pending'),
      'some alerts were still under way at the deadline',
    );
    await restartAndDeliver(
      dataDir,
      env,
      leads.map((l) => l.email),
    );
  });
});

describe('SIGKILL while one alert is under way and the other has failed', () => {
  it('delivers each alert exactly once after a restart on the same database', async () => {
    const dataDir = tempDir('crash-');
    // Provider calls may take 3 x 500 ms: on a busy machine a tighter limit can give up on an
    // SMTP server that did accept, and the resend would look like a duplicate.
    const env = {
      ...alertEnv(twilio, smtp),
      ALERT_TIMEOUT_MS: '500',
      SHUTDOWN_TIMEOUT_MS: '3000',
    };
    const retry = { baseMs: 300 };
    const lead = { name: 'Katherine Johnson', company: 'Langley Research', email: `crash-${(n += 1)}@example.com` };
    const copies = () => ({
      sms: twilio.messages.filter((m) => m.body.includes(`\n${lead.email}\n`)).length,
      email: smtp.messages.filter((m) => m.text?.includes(`Email: ${lead.email}\n`)).length,
    });
    await twilio.setMode('hang'); // the SMS attempt is under way when the process dies
    smtp.setMode('reject'); // the e-mail attempt failed and waits for its retry
    const first = await startServer({ dataDir, env, retry });
    assert.deepEqual((await postLead(first.url, lead)).json, { success: true, notificationResult: false });
    await waitFor(() => /SMTP 550/.test(readRows(dataDir)[0]?.email_last_error ?? ''), 8000, 'the e-mail failure');
    assert.equal(await first.stop('SIGKILL'), 'SIGKILL');

    const [stored] = readRows(dataDir);
    assert.equal(stored?.sms_status, 'pending');
    assert.equal(stored?.email_status, 'pending');
    assert.deepEqual(copies(), { sms: 0, email: 0 }, 'nothing was delivered before the crash');

    twilio.dropHeld(); // the request held for the dead process was never processed
    await twilio.setMode('up');
    smtp.setMode('up');
    const second = await startServer({ dataDir, env, retry });
    try {
      await waitFor(
        () => {
          const [row] = readRows(dataDir);
          return row?.sms_status === 'sent' && row.email_status === 'sent';
        },
        8000,
        'both alerts after the restart',
      );
      await sleep(800); // more than two retry periods: a duplicate would have arrived
      assert.deepEqual(copies(), { sms: 1, email: 1 });
      assert.equal(readRows(dataDir).length, 1);
    } finally {
      assert.equal(await second.stop('SIGTERM'), 0);
    }
  });
});

describe('SIGKILL while the webhook hangs and Telegram and ntfy fail', () => {
  it('delivers the lead once on each of them after a restart on the same database', async () => {
    const others = await startOwnerChannels();
    const dataDir = tempDir('crash-others-');
    const env = { ...alertEnv(twilio, smtp), ...others.env, ALERT_TIMEOUT_MS: '500' };
    const retry = { baseMs: 300 };
    const lead = { name: 'Dorothy Vaughan', company: 'West Computing', email: `crash-${(n += 1)}@example.com` };
    const copies = () => ({
      webhook: others.webhook.events.filter((e) => e.data.email === lead.email).length,
      telegram: others.telegram.messages.filter((m) => m.text.includes(`Email: ${lead.email}`)).length,
      ntfy: others.ntfy.notifications.filter((m) => m.message.includes(`Email: ${lead.email}`)).length,
    });
    try {
      others.webhook.answer = 'hang'; // under way when the process dies
      others.telegram.failing = true; // failed, waiting for the retry
      others.ntfy.failing = true;
      const first = await startServer({ dataDir, env, retry });
      await postLead(first.url, lead);
      await waitFor(
        () =>
          others.webhook.requests.length >= 1 &&
          others.telegram.callTimes.length >= 1 &&
          others.ntfy.requests.length >= 1,
        8000,
        'an attempt on each',
      );
      assert.equal(await first.stop('SIGKILL'), 'SIGKILL');
      assert.equal(readRows(dataDir).length, 1, 'the lead is stored');
      assert.deepEqual(copies(), { webhook: 0, telegram: 0, ntfy: 0 }, 'nothing was delivered before the crash');

      others.webhook.answer = 'ok';
      others.telegram.failing = false;
      others.ntfy.failing = false;
      const second = await startServer({ dataDir, env, retry });
      try {
        await waitFor(
          () => Object.values(copies()).every((c) => c === 1),
          10_000,
          'the three alerts after the restart',
        );
        await sleep(800); // more than two retry periods: a duplicate would have arrived
        assert.deepEqual(copies(), { webhook: 1, telegram: 1, ntfy: 1 });
      } finally {
        assert.equal(await second.stop('SIGTERM'), 0);
      }
    } finally {
      await others.close();
    }
  });
});
