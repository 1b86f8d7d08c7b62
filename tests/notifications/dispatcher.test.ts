/**
 * The dispatcher's promises, with the real store on a SQLite file and the
 * real clients against the fakes: one attempt at a time per alert, a late
 * acceptance recorded as sent and never resent, exponential backoff, a final
 * 'failed', pending alerts picked up at start, and a stop that lets running
 * attempts finish.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { createLogger } from '../../src/logger';
import { createAlertDispatcher, type AlertDispatcher, type DispatcherOptions } from '../../src/notifications/dispatcher';
import { createEmailSender } from '../../src/notifications/emailSender';
import { createSmsSender } from '../../src/notifications/smsSender';
import { openDatabase, type Db } from '../../src/storage/database';
import { createLeadStore, type LeadStore, type NewLead } from '../../src/storage/leadStore';
import { startFakeTwilio, type FakeTwilio } from '../fakes/fakeTwilio';
import { startSmtpSink, type SmtpSink } from '../fakes/smtpSink';
import { testTempDir } from '../helpers/site';
import { sleep, waitFor } from '../helpers/waitFor';

interface Rig {
  db: Db;
  store: LeadStore;
  twilio: FakeTwilio;
  smtp: SmtpSink;
  dispatcher: AlertDispatcher;
  addLead(over?: Partial<NewLead>): number;
}

let rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs) {
    await rig.dispatcher.stop(0);
    await Promise.all([rig.twilio.close(), rig.smtp.close()]);
    rig.db.close();
  }
  rigs = [];
});

async function rig(options: Partial<DispatcherOptions> & { email?: boolean; realSendTimeoutMs?: number } = {}): Promise<Rig> {
  const db = openDatabase(join(testTempDir(), 'leads.db'));
  const store = createLeadStore(db);
  const [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  const sendTimeoutMs = options.sendTimeoutMs ?? 1500;
  // realSendTimeoutMs: a sender slower than the dispatcher was told, so an attempt outlives its lease.
  const senderTimeout = options.realSendTimeoutMs ?? sendTimeoutMs;
  const sms = createSmsSender({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', to: '+15551230000', apiUrl: twilio.url }, senderTimeout);
  const email = createEmailSender({ smtpUrl: smtp.url, to: 'owner@example.com', from: 'alerts@example.com' }, senderTimeout);
  const dispatcher = createAlertDispatcher({
    store,
    senders: options.email === false ? { sms } : { sms, email },
    logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
    answerTimeoutMs: 300,
    sendTimeoutMs,
    retryBaseMs: 100,
    maxAttempts: 10,
    ...options,
  });
  let n = 0;
  const addLead = (over: Partial<NewLead> = {}) =>
    store.insert({
      createdAt: new Date().toISOString(),
      name: 'Ada',
      company: 'Engines',
      email: 'ada@example.com',
      userAgent: null,
      ipHash: null,
      dedupeKey: `k${n++}`,
      smsStatus: 'pending',
      emailStatus: options.email === false ? 'skipped' : 'pending',
      ...over,
    });
  const r = { db, store, twilio, smtp, dispatcher, addLead };
  rigs.push(r);
  return r;
}

describe('alert dispatcher', () => {
  it('answers within the timeout, then records a late acceptance as sent and never resends it', async () => {
    const { twilio, store, dispatcher, addLead } = await rig();
    dispatcher.start();
    await twilio.setMode('hang');
    const id = addLead();
    const started = Date.now();
    const result = await dispatcher.notifyNewLead(id);
    const waited = Date.now() - started;
    assert.equal(result.sms, false);
    assert.ok(waited >= 290 && waited < 1500, `answered after ${waited} ms`); // before the sender's own 1500 ms timeout
    await sleep(500); // several retry periods pass while the first attempt is still under way
    assert.equal(twilio.requests, 1, 'no second attempt while the first is under way');
    assert.equal(store.get(id)?.sms_status, 'pending');
    await twilio.setMode('up'); // the provider finally accepts the held request
    await waitFor(() => store.get(id)?.sms_status === 'sent', 4000, 'the late acceptance to be recorded');
    await sleep(400);
    assert.equal(twilio.messages.length, 1);
    assert.equal(twilio.requests, 1);
    assert.equal(store.get(id)?.sms_attempts, 1);
    assert.equal(store.get(id)?.sms_provider_message_id, twilio.messages[0]?.sid);
  });

  it('never starts a second attempt while one is under way, even once its lease has run out', async () => {
    const { twilio, store, dispatcher, addLead } = await rig({ email: false, sendTimeoutMs: 50, retryBaseMs: 50, realSendTimeoutMs: 2000 });
    dispatcher.start();
    await twilio.setMode('hang');
    const id = addLead();
    await dispatcher.notifyNewLead(id);
    await sleep(700); // the lease (2 x 50 + 50 ms) ran out long ago; the attempt is still under way
    assert.ok((store.get(id)?.sms_next_attempt_at ?? '') < new Date().toISOString(), 'the alert looks due in the database');
    assert.equal(twilio.requests, 1);
    assert.equal(dispatcher.inFlight(), 1);
    await twilio.setMode('up');
    await waitFor(() => store.get(id)?.sms_status === 'sent', 4000, 'the late acceptance');
    await sleep(200);
    assert.equal(twilio.messages.length, 1);
    assert.equal(twilio.requests, 1);
  });

  it('in a burst, keeps at most maxInFlight attempts under way and starts the rest as they finish', async () => {
    // retryBaseMs of a minute: waiting alerts are not failures retried later; they start as soon as there is room.
    const { twilio, store, dispatcher, addLead } = await rig({ email: false, maxInFlight: { sms: 2 }, retryBaseMs: 60_000, sendTimeoutMs: 5000 });
    dispatcher.start();
    await twilio.setMode('hang');
    const ids = Array.from({ length: 5 }, () => addLead());
    const answers = await Promise.all(ids.map((id) => dispatcher.notifyNewLead(id)));
    assert.deepEqual(answers.map((a) => a.sms), [false, false, false, false, false]);
    assert.equal(twilio.requests, 2);
    assert.equal(dispatcher.inFlight(), 2);
    assert.deepEqual(ids.map((id) => store.get(id)?.sms_status), ['pending', 'pending', 'pending', 'pending', 'pending'], 'the rest wait in the database');
    await twilio.setMode('up');
    await waitFor(() => ids.every((id) => store.get(id)?.sms_status === 'sent'), 3000, 'all five sent as slots freed');
    await sleep(200);
    assert.equal(twilio.messages.length, 5);
    assert.equal(twilio.requests, 5, 'none sent twice');
    assert.deepEqual(ids.map((id) => store.get(id)?.sms_attempts), [1, 1, 1, 1, 1]);
  });

  it('retries with doubling delays until the provider recovers, then sends exactly once', async () => {
    const { twilio, store, dispatcher, addLead } = await rig({ email: false });
    dispatcher.start();
    await twilio.setMode('fail500');
    const id = addLead();
    assert.equal((await dispatcher.notifyNewLead(id)).sms, false);
    await waitFor(() => twilio.requests >= 4, 3000, 'four attempts');
    await twilio.setMode('up');
    await waitFor(() => store.get(id)?.sms_status === 'sent', 3000, 'delivery');
    await sleep(300);
    const gaps = twilio.requestTimes.slice(1).map((t, i) => t - (twilio.requestTimes[i] as number));
    assert.ok((gaps[0] as number) >= 95 && (gaps[0] as number) < 250, `gaps ${gaps}`);
    assert.ok((gaps[1] as number) >= 195, `gaps ${gaps}`);
    assert.ok((gaps[2] as number) >= 395, `gaps ${gaps}`);
    assert.equal(twilio.messages.length, 1);
    const row = store.get(id);
    assert.equal(row?.sms_attempts, twilio.requests);
    assert.equal(row?.sms_last_error, null);
  });

  it("gives up after the last attempt and marks the alert 'failed'", async () => {
    const { twilio, store, dispatcher, addLead } = await rig({ email: false, maxAttempts: 3, retryBaseMs: 50 });
    dispatcher.start();
    await twilio.setMode('fail401');
    const id = addLead();
    await dispatcher.notifyNewLead(id);
    await waitFor(() => store.get(id)?.sms_status === 'failed', 3000, "status 'failed'");
    await twilio.setMode('up');
    await sleep(400);
    assert.equal(twilio.requests, 3);
    assert.equal(twilio.messages.length, 0);
    assert.equal(store.get(id)?.sms_attempts, 3);
    assert.match(store.get(id)?.sms_last_error ?? '', /HTTP 401/);
  });

  it('picks up alerts left pending by an earlier run when it starts', async () => {
    const { twilio, smtp, store, dispatcher, addLead } = await rig();
    const old = addLead({ createdAt: '2026-01-01T00:00:00.000Z' }); // stored, then the process died
    assert.equal(twilio.requests, 0);
    dispatcher.start();
    await waitFor(() => store.get(old)?.sms_status === 'sent' && store.get(old)?.email_status === 'sent', 3000, 'both alerts');
    await sleep(300);
    assert.equal(twilio.messages.length, 1);
    assert.equal(smtp.messages.length, 1);
  });

  it('notices an alert an operator reset to pending in the shell, without a restart', async () => {
    const { twilio, db, store, dispatcher, addLead } = await rig({ email: false, maxAttempts: 1 });
    dispatcher.start();
    await twilio.setMode('fail500');
    const id = addLead();
    await dispatcher.notifyNewLead(id);
    await waitFor(() => store.get(id)?.sms_status === 'failed', 2000, "status 'failed'");
    await twilio.setMode('up');
    await sleep(300);
    assert.equal(twilio.messages.length, 0, 'a failed alert is not retried by itself');
    db.prepare("UPDATE leads SET sms_status = 'pending', sms_attempts = 0, sms_next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE sms_status = 'failed'").run();
    await waitFor(() => store.get(id)?.sms_status === 'sent', 4000, 'the reset alert');
    assert.equal(twilio.messages.length, 1);
  });

  it('runs both channels side by side: a hanging SMTP server does not delay the SMS', async () => {
    const { twilio, smtp, store, dispatcher, addLead } = await rig({ sendTimeoutMs: 600 });
    dispatcher.start();
    smtp.setMode('hang');
    const id = addLead();
    const started = Date.now();
    const result = await dispatcher.notifyNewLead(id);
    assert.equal(result.sms, true);
    const waited = Date.now() - started;
    assert.ok(waited < 600, `${waited} ms`); // less than the e-mail's own 600 ms timeout
    assert.equal(store.get(id)?.email_status, 'pending', 'the e-mail is still under way');
    assert.equal(twilio.messages.length, 1);
    await waitFor(() => /ETIMEDOUT/.test(store.get(id)?.email_last_error ?? ''), 3000, 'the SMTP timeout');
    smtp.setMode('up');
    await waitFor(() => store.get(id)?.email_status === 'sent', 3000, 'the e-mail retried');
    assert.equal(smtp.messages.length, 1);
    assert.ok((store.get(id)?.email_attempts ?? 0) >= 2);
  });

  it('on stop, lets an attempt under way finish and records it; starts nothing new', async () => {
    const { twilio, store, dispatcher, addLead } = await rig({ email: false });
    dispatcher.start();
    await twilio.setMode('hang');
    const id = addLead();
    await dispatcher.notifyNewLead(id);
    assert.equal(dispatcher.inFlight(), 1);
    const stopping = dispatcher.stop(2000);
    setTimeout(() => void twilio.setMode('up'), 200);
    assert.equal(await stopping, true);
    assert.equal(store.get(id)?.sms_status, 'sent');
    const other = addLead();
    await sleep(300);
    assert.equal(store.get(other)?.sms_attempts, 0, 'a stopped dispatcher attempts nothing');
  });

  it('on stop, reports an attempt still hanging at the deadline', async () => {
    const { twilio, dispatcher, addLead } = await rig({ email: false });
    await twilio.setMode('hang');
    void dispatcher.notifyNewLead(addLead());
    await sleep(50);
    const started = Date.now();
    assert.equal(await dispatcher.stop(200), false);
    assert.ok(Date.now() - started < 400);
  });
});
