/**
 * The runner's promises, with the real queue on a SQLite file and the
 * real clients against the fakes: one attempt at a time per alert, the
 * visitor's answer within the timeout while a late acceptance is recorded as
 * sent and never resent, exponential backoff, a final 'failed', pending alerts
 * picked up at start, a bounded number of attempts under way, an acceptance
 * the database could not record recorded later, and a stop that lets running
 * attempts finish. Rig: tests/support/runnerRig.ts; rows are read with the tests' own SQL (support/leadRows).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { runnerRigsPerTest } from '../support/runnerRig';
import { sleep, waitFor } from '../support/waitFor';

const rig = runnerRigsPerTest();

const visitor = { ip: '203.0.113.9', userAgent: 'test' };

describe('the alert runner', () => {
  it('answers within the timeout, then records a late acceptance as sent and never resends it', async () => {
    const { twilio, runner, service, row } = await rig();
    runner.start();
    await twilio.setMode('hang');
    const started = Date.now();
    const outcome = await service.submitLead({ name: 'Ada', company: 'Engines', email: 'ada@example.com' }, visitor);
    const waited = Date.now() - started;
    assert.deepEqual(outcome, { kind: 'accepted', notificationResult: false, leadId: 1 });
    assert.ok(waited >= 290 && waited < 1500, `answered after ${waited} ms`); // before the sender's own 1500 ms timeout
    const id = 1;
    await sleep(500); // several retry periods pass while the first attempt is still under way
    assert.equal(twilio.requests, 1, 'no second attempt while the first is under way');
    assert.equal(row(id)?.sms_status, 'pending');
    await twilio.setMode('up'); // the provider finally accepts the held request
    await waitFor(() => row(id)?.sms_status === 'sent', 4000, 'the late acceptance to be recorded');
    await sleep(400);
    assert.equal(twilio.messages.length, 1);
    assert.equal(twilio.requests, 1);
    assert.equal(row(id)?.sms_attempts, 1);
    assert.equal(row(id)?.sms_provider_message_id, twilio.messages[0]?.sid);
  });

  it('fails an attempt at its deadline, starts no second one while its sender still runs, records a late acceptance', async () => {
    const { twilio, runner, addLead, row } = await rig({
      email: false,
      deadlineMs: 50,
      retryBaseMs: 50,
      realSendTimeoutMs: 2000, // the SDK cannot take the AbortSignal and waits longer than the deadline
    });
    runner.start();
    await twilio.setMode('hang');
    const id = addLead();
    assert.equal(await runner.outcome(id, 'sms'), false, 'failed at the deadline');
    assert.match(row(id)?.sms_last_error ?? '', /no answer within 0\.05 s/);
    await sleep(700); // the retry (50 ms later) came due long ago; the first request is still held
    assert.equal(twilio.requests, 1, 'no second request while the first is under way');
    assert.equal(row(id)?.sms_attempts, 1);
    assert.equal(row(id)?.sms_status, 'pending');
    await twilio.setMode('up');
    await waitFor(() => row(id)?.sms_status === 'sent', 4000, 'the late acceptance');
    await sleep(200);
    assert.equal(twilio.messages.length, 1);
    assert.equal(twilio.requests, 1);
    assert.equal(row(id)?.sms_provider_message_id, twilio.messages[0]?.sid);
  });

  it('in a burst, keeps at most maxInFlight attempts under way and starts the rest as they finish', async () => {
    // retryBaseMs of a minute: waiting alerts are not failures retried later; they start as soon as there is room.
    const { twilio, runner, service, row } = await rig({
      email: false,
      maxInFlight: { sms: 2 },
      retryBaseMs: 60_000,
      deadlineMs: 5000,
    });
    runner.start();
    await twilio.setMode('hang');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        service.submitLead({ name: `Ada ${i}`, company: 'Engines', email: 'ada@example.com' }, visitor),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.kind === 'accepted' && a.notificationResult),
      [false, false, false, false, false],
    );
    const ids = [1, 2, 3, 4, 5];
    assert.equal(twilio.requests, 2);
    assert.equal(runner.inFlight(), 2);
    assert.deepEqual(
      ids.map((id) => row(id)?.sms_status),
      ['pending', 'pending', 'pending', 'pending', 'pending'],
      'the rest wait in the database',
    );
    assert.deepEqual(
      ids.map((id) => row(id)?.sms_attempts),
      [1, 1, 0, 0, 0],
      'the rest were not even claimed',
    );
    await twilio.setMode('up');
    await waitFor(() => ids.every((id) => row(id)?.sms_status === 'sent'), 3000, 'all five sent as slots freed');
    await sleep(200);
    assert.equal(twilio.messages.length, 5);
    assert.equal(twilio.requests, 5, 'none sent twice');
    assert.deepEqual(
      ids.map((id) => row(id)?.sms_attempts),
      [1, 1, 1, 1, 1],
    );
  });

  it('plans each retry from its clock by the doubling rule, never more than six hours ahead', async () => {
    let clock = Date.parse('2026-03-02T09:00:00.000Z');
    const { twilio, runner, addLead, row } = await rig({
      email: false,
      retryBaseMs: 30_000,
      maxAttempts: 12,
      now: () => clock,
    });
    await twilio.setMode('fail500');
    const id = addLead(new Date(clock).toISOString());
    const plannedIn: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      assert.equal(await runner.outcome(id, 'sms'), false);
      const next = Date.parse(row(id)?.sms_next_attempt_at ?? '');
      plannedIn.push(next - clock);
      clock = next; // the planned time comes: the alert is due again
    }
    // 30 s, doubling after each failure; the eleventh would be 8 h 32 min and is cut to 6 h.
    assert.deepEqual(
      plannedIn,
      [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_840_000, 7_680_000, 15_360_000, 21_600_000],
    );
    assert.equal(row(id)?.sms_attempts, 11);
    assert.equal(twilio.requests, 11);
  });

  it('retries with doubling delays until the provider recovers, then sends exactly once', async () => {
    const { twilio, runner, addLead, row } = await rig({ email: false });
    runner.start();
    await twilio.setMode('fail500');
    const id = addLead();
    assert.equal(await runner.outcome(id, 'sms'), false);
    // Read before any timer can fire: the first failure planned the next attempt one base (100 ms) later.
    const planned = Date.parse(row(id)?.sms_next_attempt_at ?? '') - (twilio.requestTimes[0] as number);
    assert.ok(planned >= 100 && planned < 250, `planned ${planned} ms after the first request`);
    await waitFor(() => twilio.requests >= 4, 3000, 'four attempts');
    await twilio.setMode('up');
    await waitFor(() => row(id)?.sms_status === 'sent', 3000, 'delivery');
    await sleep(300);
    const gaps = twilio.requestTimes.slice(1).map((t, i) => t - (twilio.requestTimes[i] as number));
    assert.ok((gaps[0] as number) >= 95, `gaps ${gaps}`); // its upper bound (250 ms): \`planned\` above, free of timer delays under load
    assert.ok((gaps[1] as number) >= 195, `gaps ${gaps}`);
    assert.ok((gaps[2] as number) >= 395, `gaps ${gaps}`);
    assert.equal(twilio.messages.length, 1);
    assert.equal(row(id)?.sms_attempts, twilio.requests);
    assert.equal(row(id)?.sms_last_error, null);
  });

  it("gives up after the last attempt and marks the alert 'failed'", async () => {
    const { twilio, runner, addLead, row } = await rig({ email: false, maxAttempts: 3, retryBaseMs: 50 });
    runner.start();
    await twilio.setMode('fail401');
    const id = addLead();
    void runner.outcome(id, 'sms');
    await waitFor(() => row(id)?.sms_status === 'failed', 3000, "status 'failed'");
    await twilio.setMode('up');
    await sleep(400);
    assert.equal(twilio.requests, 3);
    assert.equal(twilio.messages.length, 0);
    assert.equal(row(id)?.sms_attempts, 3);
    assert.match(row(id)?.sms_last_error ?? '', /HTTP 401/);
    assert.equal(row(id)?.sms_next_attempt_at, null);
  });

  it('picks up alerts left pending by an earlier run when it starts', async () => {
    const { twilio, smtp, runner, addLead, row } = await rig();
    const old = addLead('2026-01-01T00:00:00.000Z'); // stored, then the process died
    await sleep(200);
    assert.equal(twilio.requests, 0);
    runner.start();
    await waitFor(() => row(old)?.sms_status === 'sent' && row(old)?.email_status === 'sent', 3000, 'both alerts');
    await sleep(300);
    assert.equal(twilio.messages.length, 1);
    assert.equal(smtp.messages.length, 1);
  });

  it('notices an alert an operator reset to pending in the shell, without a restart', async () => {
    const { twilio, path, runner, addLead, row } = await rig({ email: false, maxAttempts: 1 });
    runner.start();
    await twilio.setMode('fail500');
    const id = addLead();
    void runner.outcome(id, 'sms');
    await waitFor(() => row(id)?.sms_status === 'failed', 2000, "status 'failed'");
    await twilio.setMode('up');
    await sleep(300);
    assert.equal(twilio.messages.length, 0, 'a failed alert is not retried by itself');
    const shell = new Database(path); // the operator's sqlite3 shell: another connection
    shell
      .prepare(
        "UPDATE alerts SET status = 'pending', attempts = 0, next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE status = 'failed'",
      )
      .run();
    shell.close();
    await waitFor(() => row(id)?.sms_status === 'sent', 4000, 'the reset alert');
    assert.equal(twilio.messages.length, 1);
  });

  it('runs both channels side by side: a hanging SMTP server does not delay the SMS', async () => {
    const { twilio, smtp, runner, addLead, row } = await rig({ deadlineMs: 600 });
    runner.start();
    smtp.setMode('hang');
    const id = addLead();
    const started = Date.now();
    const email = runner.outcome(id, 'email'); // started first, as the lead service starts both
    assert.equal(await runner.outcome(id, 'sms'), true);
    const waited = Date.now() - started;
    assert.ok(waited < 600, `${waited} ms`); // less than the e-mail's own 600 ms timeout
    assert.equal(row(id)?.email_status, 'pending', 'the e-mail is still under way');
    assert.equal(twilio.messages.length, 1);
    await waitFor(() => /ETIMEDOUT/.test(row(id)?.email_last_error ?? ''), 3000, 'the SMTP timeout');
    smtp.setMode('up');
    await waitFor(() => row(id)?.email_status === 'sent', 3000, 'the e-mail retried');
    assert.equal(smtp.messages.length, 1);
    assert.ok((row(id)?.email_attempts ?? 0) >= 2);
    assert.equal(await email, false, 'the first e-mail attempt timed out');
  });

  it('records an acceptance the database could not take at the time, later, without sending again', async () => {
    // Another connection holds the write lock: recordSent fails after the busy timeout (shortened here
    // from 2 s to keep the test fast). Lease: 2 x 400 + 100 ms.
    const { twilio, db, path, runner, addLead, row } = await rig({
      email: false,
      deadlineMs: 400,
      retryBaseMs: 100,
    });
    db.pragma('busy_timeout = 300');
    runner.start();
    await twilio.setMode('hang');
    const id = addLead();
    const sms = runner.outcome(id, 'sms');
    await waitFor(() => twilio.requests === 1, 2000, 'the request');
    const shell = new Database(path);
    shell.exec('BEGIN IMMEDIATE');
    await twilio.setMode('up');
    assert.equal(await sms, true, 'the provider accepted it');
    assert.equal(twilio.messages.length, 1);
    assert.equal(row(id)?.sms_status, 'pending', 'not recorded yet');
    assert.equal(row(id)?.sms_provider_message_id, null);
    assert.equal(row(id)?.sms_attempts, 1);
    await sleep(1000); // past the lease: the loop finds the alert due and tries to record it while the lock is still held
    assert.equal(row(id)?.sms_status, 'pending');
    const released = new Date().toISOString();
    shell.exec('COMMIT');
    shell.close();
    await waitFor(() => row(id)?.sms_status === 'sent', 3000, 'the late record');
    await sleep(300);
    assert.equal(twilio.requests, 1, 'never sent again');
    assert.equal(row(id)?.sms_attempts, 1);
    assert.equal(row(id)?.sms_provider_message_id, twilio.messages[0]?.sid);
    assert.ok((row(id)?.sms_sent_at ?? '') < released, 'sent_at is when the provider accepted it');
  });

  it('on stop, lets an attempt under way finish and records it; starts nothing new', async () => {
    const { twilio, runner, addLead, row } = await rig({ email: false });
    runner.start();
    await twilio.setMode('hang');
    const id = addLead();
    void runner.outcome(id, 'sms');
    assert.equal(runner.inFlight(), 1);
    const stopping = runner.stop(2000);
    setTimeout(() => void twilio.setMode('up'), 200);
    assert.equal(await stopping, true);
    assert.equal(row(id)?.sms_status, 'sent');
    const other = addLead();
    await sleep(300);
    assert.equal(row(other)?.sms_attempts, 0, 'a stopped runner attempts nothing');
  });

  it('on stop, reports an attempt still hanging at the deadline', async () => {
    const { twilio, runner, addLead } = await rig({ email: false });
    await twilio.setMode('hang');
    void runner.outcome(addLead(), 'sms');
    await sleep(50);
    const started = Date.now();
    assert.equal(await runner.stop(200), false);
    assert.ok(Date.now() - started < 400);
  });
});
