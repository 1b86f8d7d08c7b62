/**
 * What the webhook will not do: follow a redirect, keep posting to an
 * endpoint that answered 410 Gone (the owner is told once, by e-mail), or
 * connect to an address on this machine, a private network or a metadata
 * service unless WEBHOOK_ALLOW_PRIVATE says so, checked on the address it
 * connects to.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { leadSitesPerTest } from '../support/leadSite';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
let receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});
async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}
const webhookEnv = (r: WebhookReceiver, url = `${r.url}/hooks`, allowPrivate = true): Record<string, string> => ({
  WEBHOOK_URL: url,
  WEBHOOK_SECRET: r.secret,
  ...(allowPrivate ? { WEBHOOK_ALLOW_PRIVATE: 'true' } : {}),
});
const lead = (n: number) => ({ name: `Lead ${n}`, company: 'Acme', email: `lead${n}@example.com` });
type Site = Awaited<ReturnType<typeof site>>;
const webhookAlert = (s: Site, id: number) => s.services.queue.ofLeads([id]).find((a) => a.channel === 'webhook');

describe('the webhook', () => {
  it('treats a redirect as a failure and never follows it', async () => {
    const r = await receiver();
    r.answer = 'redirect';
    const s = await site({ env: webhookEnv(r) });
    await s.post(lead(1));
    await waitFor(() => (webhookAlert(s, 1)?.attempts ?? 0) >= 2, 5000, 'two attempts');
    assert.equal(r.redirectedTo, 0, 'the Location was never requested');
    assert.equal(webhookAlert(s, 1)?.status, 'pending');
    assert.match(webhookAlert(s, 1)?.last_error ?? '', /^HTTP 302: .*redirect.*not followed/);
  });

  it('goes off after a 410, tells the owner once by e-mail, and is turned back on by leads webhook-on', async () => {
    const r = await receiver();
    r.answer = 'gone';
    const s = await site({ env: webhookEnv(r) });
    await s.post(lead(1));
    const notices = () =>
      s.smtp.messages.filter((m) => m.subject === 'Your webhook is off: its endpoint answered 410 Gone');
    await waitFor(() => notices().length === 1, 5000, 'the notice');
    assert.equal(webhookAlert(s, 1)?.status, 'failed', 'no more attempts');
    assert.equal(webhookAlert(s, 1)?.attempts, 1);
    assert.match(notices()[0]?.text ?? '', /npm run leads -- webhook-on/);
    assert.deepEqual(notices()[0]?.to, ['owner@example.com']);

    const posts = r.requests.length;
    await s.post(lead(2));
    await waitFor(() => webhookAlert(s, 2)?.status === 'failed', 5000, "the next lead's webhook to fail at once");
    assert.match(webhookAlert(s, 2)?.last_error ?? '', /the webhook is off: its endpoint answered 410 Gone/);
    assert.equal(r.requests.length, posts, 'nothing was posted to the endpoint');
    await sleep(300);
    assert.equal(notices().length, 1, 'one notice only');

    const status = await runCli(['status'], { DATABASE_PATH: s.databasePath, ...webhookEnv(r) });
    assert.match(status.stdout, /The webhook is off: its endpoint answered 410 Gone at /);
    r.answer = 'ok';
    const on = await runCli(['webhook-on'], { DATABASE_PATH: s.databasePath, ...webhookEnv(r) });
    assert.equal(on.code, 0, on.stderr);
    assert.match(on.stdout, /The webhook is on again/);
    const line = s.services.owner.reads.activity(5).find((a) => a.action === 'webhook-on');
    assert.equal(line?.source, 'command line', 'the turn-on is in his activity, from the shell');
    const again = await runCli(['webhook-on'], { DATABASE_PATH: s.databasePath, ...webhookEnv(r) });
    assert.match(again.stdout, /The webhook was not off: nothing changed\./);
    assert.equal(s.services.owner.reads.activity(5).filter((a) => a.action === 'webhook-on').length, 1);
    const retried = await runCli(['retry'], { DATABASE_PATH: s.databasePath, ...webhookEnv(r) });
    assert.equal(retried.code, 0, retried.stderr);
    assert.deepEqual(
      r.events.map((e) => e.data.name),
      ['Lead 1', 'Lead 2'],
    );
  });

  for (const [what, url] of [
    ['a loopback address', (r: WebhookReceiver) => `https://127.0.0.1:${r.port}/hooks`],
    ['a name that resolves to loopback', (r: WebhookReceiver) => `https://localhost:${r.port}/hooks`],
    ['an IPv4-mapped loopback address', (r: WebhookReceiver) => `https://[::ffff:127.0.0.1]:${r.port}/hooks`],
    ['a private network', () => 'https://10.20.30.40/hooks'],
    ['the cloud metadata service', () => 'https://169.254.169.254/latest/meta-data/'],
  ] as const) {
    it(`refuses ${what} without WEBHOOK_ALLOW_PRIVATE, and no request reaches it`, async () => {
      const r = await receiver();
      const s = await site({ env: webhookEnv(r, url(r), false) });
      await s.post(lead(1));
      await waitFor(() => (webhookAlert(s, 1)?.attempts ?? 0) >= 2, 5000, 'two refused attempts');
      assert.match(
        webhookAlert(s, 1)?.last_error ?? '',
        /^EREFUSEDADDRESS: refused to connect to .*: an address on this machine, a private network or a metadata service \(set WEBHOOK_ALLOW_PRIVATE=true/,
      );
      assert.equal(r.connections, 0, 'no connection was made');
      await waitFor(() => s.smtp.messages.length === 1, 5000, 'the e-mail alert to go out all the same');
    });
  }

  it('refuses http: at start-up unless WEBHOOK_ALLOW_PRIVATE=true', async () => {
    const r = await receiver();
    await assert.rejects(
      site({ env: webhookEnv(r, `${r.url}/hooks`, false) }),
      /WEBHOOK_URL must be https: .*WEBHOOK_ALLOW_PRIVATE=true/,
    );
  });
});
