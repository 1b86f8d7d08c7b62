/**
 * Was the SMS delivered? Each SMS asks Twilio to report at
 * PUBLIC_URL/functions/v1/sms-status; the fake Twilio reports there, signed
 * by the twilio package as Twilio signs. A report is believed only with a
 * valid signature over the public URL; its final state is recorded once; an
 * SMS not delivered brings the lead once more on the other channels.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import twilio from 'twilio';
import { runCli } from '../support/cli';
import type { FakeTwilioMessage } from '../support/fakeTwilio';
import { type LeadSite, leadSitesPerTest } from '../support/leadSite';
import { type OwnerChannels, startOwnerChannels } from '../support/ownerChannels';
import { ownerFetch, signInByLink } from '../support/ownerHttp';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
let standIns: OwnerChannels | undefined;
afterEach(async () => {
  await standIns?.close();
  standIns = undefined;
});

const STATUS_PATH = '/functions/v1/sms-status';
const GRACE = { name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' };
const params = (m: FakeTwilioMessage, status: string, errorCode?: string): Record<string, string> => ({
  AccountSid: 'AC00000000000000000000000000000001',
  From: m.from,
  MessageSid: m.sid,
  MessageStatus: status,
  To: m.to,
  ...(errorCode ? { ErrorCode: errorCode } : {}),
});
const smsAlert = (s: LeadSite) => s.services.queue.ofLeads([1]).find((a) => a.channel === 'sms');
const fallbackMails = (s: LeadSite) => s.smtp.messages.filter((m) => m.subject?.startsWith('SMS not delivered:'));

async function siteWithSms(env: Record<string, string> = {}) {
  const s = await site({ publicOrigin: true, env });
  s.twilio.report = null; // the tests send each report themselves
  await s.post(GRACE);
  await waitFor(() => smsAlert(s)?.status === 'sent' && s.smtp.messages.length === 1);
  const message = s.twilio.messages[0] as FakeTwilioMessage;
  return { s, message };
}

describe('SMS delivery reports', () => {
  it('asks Twilio for reports at PUBLIC_URL/functions/v1/sms-status and records delivered', async () => {
    const s = await site({ publicOrigin: true });
    await s.post(GRACE);
    await waitFor(() => s.twilio.callbacks.length === 2, 5000, "Twilio's two reports");
    await s.twilio.reportsSettled();
    assert.equal(s.twilio.messages[0]?.statusCallback, `${s.url}${STATUS_PATH}`);
    assert.deepEqual(
      s.twilio.callbacks.map((c) => [c.status, c.answer]),
      [
        ['sent', 204],
        ['delivered', 204],
      ],
    );
    assert.deepEqual(s.services.queue.deliveryOf(1, 'sms'), { state: 'delivered', errorCode: null });
    await sleep(200);
    assert.equal(fallbackMails(s).length, 0, 'no fallback for a delivered SMS');
  });

  it('believes no report that is forged, unsigned, altered or signed for another URL', async () => {
    const { s, message } = await siteWithSms();
    const undelivered = params(message, 'undelivered', '30034');
    const otherUrl = `http://attacker.example${STATUS_PATH}`;
    for (const [what, signature, body] of [
      [
        'forged',
        twilio.getExpectedTwilioSignature('not-the-token', message.statusCallback ?? '', undelivered),
        undelivered,
      ],
      ['unsigned', '', undelivered],
      [
        'altered',
        twilio.getExpectedTwilioSignature(
          s.twilio.authToken,
          message.statusCallback ?? '',
          params(message, 'delivered'),
        ),
        undelivered,
      ],
      ['for another URL', twilio.getExpectedTwilioSignature(s.twilio.authToken, otherUrl, undelivered), undelivered],
    ] as const) {
      assert.equal(await s.twilio.sendStatus(message, body, signature), 403, what);
    }
    // The Host header is the client's to choose: the signature is checked over PUBLIC_URL, not over it.
    const viaHost = await fetch(`${s.url}${STATUS_PATH}`, {
      method: 'POST',
      headers: {
        Host: 'attacker.example',
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilio.getExpectedTwilioSignature(s.twilio.authToken, otherUrl, undelivered),
      },
      body: new URLSearchParams(undelivered).toString(),
    });
    assert.equal(viaHost.status, 403);
    await sleep(300);
    assert.equal(s.services.queue.deliveryOf(1, 'sms'), undefined, 'nothing recorded');
    assert.equal(fallbackMails(s).length, 0, 'no fallback sent');
  });

  it('sends one fallback for an undelivered SMS, on e-mail and the instant channels that did not carry the lead', async () => {
    standIns = await startOwnerChannels();
    standIns.ntfy.failing = true; // ntfy has not carried the lead; Telegram has
    const { s, message } = await siteWithSms(standIns.env);
    await waitFor(() => standIns?.telegram.messages.length === 1);
    assert.equal(await s.twilio.sendStatus(message, params(message, 'sent')), 204);
    assert.equal(await s.twilio.sendStatus(message, params(message, 'undelivered', '30034')), 204);
    await waitFor(() => fallbackMails(s).length === 1, 5000, 'the e-mail fallback');
    const [mail] = fallbackMails(s);
    assert.match(mail?.text ?? '', /^The SMS about this lead was not delivered \(error 30034\)/);
    assert.match(mail?.text ?? '', /Name: Grace Hopper/);
    assert.equal(mail?.replyTo, 'grace@example.com', 'replies go to the lead');
    assert.equal(mail?.from, 'alerts@example.com', "the visitor's address is never the sender");

    // A repeat and a late, contradicting report change nothing.
    assert.equal(await s.twilio.sendStatus(message, params(message, 'undelivered', '30034')), 204);
    assert.equal(await s.twilio.sendStatus(message, params(message, 'delivered')), 204);
    standIns.ntfy.failing = false;
    await waitFor(() => standIns?.ntfy.notifications.length === 2, 5000, 'the lead and its fallback on ntfy');
    await sleep(300);
    assert.equal(fallbackMails(s).length, 1, 'one fallback e-mail');
    assert.equal(standIns.telegram.messages.length, 1, 'Telegram already carried the lead: no fallback there');
    assert.deepEqual(standIns.ntfy.notifications.map((n) => n.title).sort(), [
      'New lead: Grace Hopper (Navy)',
      'SMS not delivered: Grace Hopper (Navy)',
    ]);
    assert.ok(
      standIns.ntfy.notifications.some((n) =>
        n.message.startsWith('The SMS about this lead was not delivered (error 30034)'),
      ),
    );
    assert.deepEqual(s.services.queue.deliveryOf(1, 'sms'), { state: 'undelivered', errorCode: '30034' });

    const status = await runCli(['status'], { DATABASE_PATH: s.databasePath });
    assert.match(status.stdout, /^sms\s+undelivered\s+30034\s+1$/m);
    const exported = await runCli(['export', '--format', 'json'], { DATABASE_PATH: s.databasePath });
    const [row] = JSON.parse(exported.stdout) as Record<string, unknown>[];
    assert.equal(row?.sms_delivery, 'undelivered');
    assert.equal(row?.sms_delivery_error, '30034');
    assert.equal(row?.['sms-fallback-email_status'], 'sent');

    const owner = await signInByLink(s);
    const page = await (await ownerFetch(s, '/owner/leads/1', { headers: { Cookie: owner.cookie } })).text();
    assert.match(page, /Not delivered \(error 30034\): the lead was sent again on the other channels\./);
  });

  it('records a failed SMS the same way, and a report for an unknown message changes nothing', async () => {
    const { s, message } = await siteWithSms();
    const stranger = { ...message, sid: 'SM00000000000000000000000000000000' };
    assert.equal(await s.twilio.sendStatus(stranger, params(stranger, 'failed', '30008')), 204);
    await sleep(200);
    assert.equal(fallbackMails(s).length, 0);
    assert.equal(await s.twilio.sendStatus(message, params(message, 'failed', '30008')), 204);
    await waitFor(() => fallbackMails(s).length === 1);
    assert.match(fallbackMails(s)[0]?.text ?? '', /not delivered \(error 30008\): the carrier gave no reason/);
  });
});
