/**
 * The owner's other channels end to end, each against its stand-in on
 * 127.0.0.1: a signed webhook, Telegram and ntfy. Who gets what by verdict,
 * once each; the same webhook-id on every retry; Telegram's 429; the
 * notificationResult when SMS is off; the reminders and a release.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import pino from 'pino';
import { TELEGRAM_TEST_TOKEN } from '../support/fakeTelegram';
import { leadSitesPerTest } from '../support/leadSite';
import { type OwnerChannels, startOwnerChannels } from '../support/ownerChannels';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
let channels: OwnerChannels[] = [];
afterEach(async () => {
  await Promise.all(channels.map((c) => c.close()));
  channels = [];
});
async function standIns(): Promise<OwnerChannels> {
  const c = await startOwnerChannels();
  channels.push(c);
  return c;
}

// Characters HTML gives a meaning to (a tag would make the lead spam, so none here).
const ADA = { name: "Ada O'Lovelace <3", company: 'Engines & Co', email: 'ada@example.com' };

const alertOf = (s: Awaited<ReturnType<typeof site>>, leadId: number, channel: string) =>
  s.services.queue.ofLeads([leadId]).find((a) => a.channel === channel);

describe('the webhook, Telegram and ntfy', () => {
  it('each carry a verified lead once, with its inbox link; the webhook signed and described', async () => {
    const c = await standIns();
    const s = await site({ env: c.env, publicOrigin: true });
    const answer = await s.post(ADA);
    assert.deepEqual(answer.json, { success: true, notificationResult: true });
    await waitFor(
      () => c.webhook.events.length === 1 && c.telegram.messages.length === 1 && c.ntfy.notifications.length === 1,
    );
    await waitFor(() => s.smtp.messages.length === 1 && s.twilio.messages.length === 1);
    await sleep(300); // nothing more comes
    const inbox = `${s.url}/owner/leads/1`;

    const [event] = c.webhook.events;
    assert.equal(event?.type, 'lead.created');
    assert.match(event?.id ?? '', /^msg_/);
    assert.deepEqual(
      { ...event?.data, createdAt: undefined },
      {
        id: 1,
        name: "Ada O'Lovelace <3",
        company: 'Engines & Co',
        email: 'ada@example.com',
        language: 'en',
        verdict: 'verified',
        reasons: [],
        source: 'direct',
        createdAt: undefined,
        inboxUrl: inbox,
      },
    );
    assert.equal(event?.timestamp, s.rows()[0]?.created_at, "the event's time is the lead's");
    assert.equal(c.webhook.forged, 0);

    const [message] = c.telegram.messages;
    assert.equal(message?.chatId, '424242');
    assert.equal(message?.parseMode, 'HTML');
    assert.equal(message?.previewDisabled, true, 'no web page preview');
    assert.match(message?.text ?? '', /Ada O&#39;Lovelace &lt;3 \(Engines &amp; Co\)/);
    assert.doesNotMatch(message?.text ?? '', /<3|& Co/, "the visitor's text is escaped");
    assert.ok(message?.text.includes(`<a href="${inbox}">`), 'the inbox link');

    const [note] = c.ntfy.notifications;
    assert.equal(note?.topic, 'leads-3f9a');
    assert.equal(note?.title, "New lead: Ada O'Lovelace <3 (Engines & Co)");
    assert.equal(note?.priority, 4, 'high priority');
    assert.equal(note?.click, inbox);
    assert.match(note?.message ?? '', /Email: ada@example\.com/);

    assert.equal(c.webhook.events.length + c.telegram.messages.length + c.ntfy.notifications.length, 3);
  });

  it('retries the webhook after a 500 with the same webhook-id, and its signature still verifies', async () => {
    const c = await standIns();
    c.webhook.answer = 'fail500';
    const s = await site({ env: c.env });
    await s.post(ADA);
    await waitFor(() => c.webhook.requests.length >= 2, 5000, 'two failed posts');
    c.webhook.answer = 'ok';
    await waitFor(() => c.webhook.events.length === 1, 5000, 'the retry to be accepted');
    const ids = new Set(c.webhook.requests.map((r) => r.headers['webhook-id']));
    assert.deepEqual([...ids], [c.webhook.events[0]?.id], 'one id across every attempt');
    assert.equal(c.webhook.forged, 0);
    await waitFor(() => alertOf(s, 1, 'webhook')?.status === 'sent');
    assert.ok((alertOf(s, 1, 'webhook')?.attempts ?? 0) >= 3);
  });

  it('sends an unverified lead to the webhook with its verdict and to no instant channel; spam to none', async () => {
    const c = await standIns();
    const s = await site({ env: { ...c.env, LEAD_VERIFICATION: 'proof' } });
    await s.post({ name: 'Uma Unproven', company: 'Nowhere', email: 'uma@example.com' });
    await s.post({ name: 'Sam Spam', company: 'Bots', email: 'sam@example.com', website: 'http://spam.example' });
    await waitFor(() => c.webhook.events.length === 1 && s.smtp.messages.length === 1);
    await sleep(500);
    assert.deepEqual(
      c.webhook.events.map((e) => [e.data.name, e.data.verdict, e.data.reasons]),
      [['Uma Unproven', 'unverified', ['no-proof']]],
    );
    assert.equal(c.telegram.messages.length, 0);
    assert.equal(c.ntfy.notifications.length, 0);
    assert.equal(s.twilio.messages.length, 0);
  });

  it('posts spam to the webhook only with WEBHOOK_INCLUDE_SPAM=true, and a release as lead.released', async () => {
    const c = await standIns();
    const s = await site({ env: { ...c.env, WEBHOOK_INCLUDE_SPAM: 'true' } });
    await s.post({ name: 'Sam Spam', company: 'Bots', email: 'sam@example.com', website: 'http://spam.example' });
    await waitFor(() => c.webhook.events.length === 1);
    assert.equal(c.webhook.events[0]?.data.verdict, 'spam');
    assert.equal(s.smtp.messages.length + c.telegram.messages.length + c.ntfy.notifications.length, 0);

    const released = s.services.leadService.releaseLead(1);
    assert.deepEqual(released?.previous, 'spam');
    // Nothing more to do: the queue hands what the release queued to the server's runner.
    await waitFor(() => c.webhook.events.length === 2 && c.telegram.messages.length === 1);
    const [created, release] = c.webhook.events;
    assert.equal(release?.type, 'lead.released');
    assert.equal(release?.data.verdict, 'verified');
    assert.notEqual(release?.id, created?.id, 'a new event, a new id');
  });

  it('gives the answer notificationResult from Telegram when SMS is off', async () => {
    const c = await standIns();
    const s = await site({ env: c.env, sms: false });
    assert.deepEqual((await s.post(ADA)).json, { success: true, notificationResult: true });
    c.telegram.failing = true;
    const second = await s.post({ ...ADA, email: 'ada2@example.com' });
    assert.deepEqual(second.json, { success: true, notificationResult: false });
    await waitFor(() => c.ntfy.notifications.length === 2, 5000, 'ntfy carries both');
  });

  it("waits as long as Telegram's 429 says before trying again", async () => {
    const c = await standIns();
    c.telegram.rateLimit(1, 2);
    const s = await site({ env: c.env });
    await s.post(ADA);
    await waitFor(() => c.telegram.messages.length === 1, 6000, 'the message after the wait');
    const [limited, accepted] = c.telegram.callTimes;
    assert.ok(
      (accepted ?? 0) - (limited ?? 0) >= 2000,
      `retried ${(accepted ?? 0) - (limited ?? 0)} ms after the 429 (base retry 100 ms)`,
    );
    await waitFor(() => alertOf(s, 1, 'telegram')?.status === 'sent');
    assert.equal(alertOf(s, 1, 'telegram')?.attempts, 2, 'the refused attempt and the one after the wait');
  });

  it('never writes the bot token in a log line or an error, even when Telegram refuses it', async () => {
    const c = await standIns();
    const lines: string[] = [];
    const logger = pino({ level: 'trace', base: undefined }, { write: (line: string) => void lines.push(line) });
    c.telegram.failing = true;
    const s = await site({ env: c.env, deps: { logger } });
    await s.post(ADA);
    await waitFor(() => (alertOf(s, 1, 'telegram')?.attempts ?? 0) >= 2);
    await c.telegram.close(); // connection refused now
    await waitFor(() => lines.some((l) => l.includes('ECONNREFUSED')), 5000, 'a refused attempt logged');
    const stored = JSON.stringify(s.services.queue.ofLeads([1]));
    const secret = TELEGRAM_TEST_TOKEN.split(':')[1] as string;
    assert.ok(lines.length > 0);
    for (const text of [...lines, stored]) assert.ok(!text.includes(secret), `no token in: ${text.slice(0, 200)}`);
    assert.match(alertOf(s, 1, 'telegram')?.last_error ?? '', /ECONNREFUSED/);
  });

  it('reminds the owner on Telegram and ntfy too, once, for a lead still new', async () => {
    const c = await standIns();
    const s = await site({ env: { ...c.env, FOLLOW_UP_AFTER_HOURS: '0.0005' } });
    await s.post(ADA);
    await waitFor(() => c.telegram.messages.length === 2 && c.ntfy.notifications.length === 2, 8000, 'the reminders');
    await sleep(300);
    assert.match(c.telegram.messages[1]?.text ?? '', /^<b>Reminder: Ada O&#39;Lovelace &lt;3/);
    assert.equal(c.ntfy.notifications[1]?.title, "Reminder: Ada O'Lovelace <3 (Engines & Co) is still waiting");
    assert.equal(c.webhook.events.length, 1, 'the webhook gets no reminder');
  });
});
