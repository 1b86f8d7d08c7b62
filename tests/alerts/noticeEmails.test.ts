/**
 * The e-mails that tell the owner a channel did not reach him, word for word: the lead again when its SMS was not
 * delivered (Reply-To the visitor), and the notice that his webhook was turned off after a 410 Gone; text and
 * HTML, one blank line between paragraphs, facts and link, whichever are there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSmsFallbackEmail, buildWebhookOffEmail } from '../../src/alerts/noticeEmails';
import { ALERT_ENVELOPE, ALERT_LEAD } from '../support/alertLead';

const LEAD = {
  ...ALERT_LEAD,
  inboxUrl: 'https://site.example/owner/leads/7',
  smsDelivery: { status: 'undelivered', errorCode: '30003' },
};
const PAGE = '<!doctype html><html><body style="font-family:sans-serif">\n';
const FAILURE =
  'The SMS about this lead was not delivered (error 30003): the phone was unreachable (off or out of coverage). ' +
  'Here it is again; check the SMS settings with "npm run leads -- test-alerts".';

describe('the e-mail that sends a lead again when its SMS was not delivered', () => {
  it('says why, gives the facts and the link, and answers to the visitor', () => {
    const mail = buildSmsFallbackEmail(LEAD, ALERT_ENVELOPE);
    assert.equal(mail.subject, 'SMS not delivered: Ada Lovelace (Analytical Engines)');
    assert.deepEqual(mail.replyTo, { name: 'Ada Lovelace', address: 'ada@example.com' });
    assert.equal(mail.messageId, '<sms-fallback-7-20260304050607890@example.com>');
    assert.equal(
      mail.text,
      `${FAILURE}\n\nName: Ada Lovelace\nCompany: Analytical Engines\nEmail: ada@example.com\nSource: direct\n` +
        'Received: 2026-03-04 05:06:07 UTC\nLead: #7\n\nOpen it in your inbox: https://site.example/owner/leads/7\n',
    );
    assert.equal(
      mail.html,
      `${PAGE}<p>${FAILURE.replaceAll('"', '&quot;')}</p>\n<table cellpadding="4">\n` +
        '<tr><th align="left">Name</th><td>Ada Lovelace</td></tr>\n' +
        '<tr><th align="left">Company</th><td>Analytical Engines</td></tr>\n' +
        '<tr><th align="left">Email</th><td>ada@example.com</td></tr>\n' +
        '<tr><th align="left">Source</th><td>direct</td></tr>\n' +
        '<tr><th align="left">Received</th><td>2026-03-04 05:06:07 UTC</td></tr>\n' +
        '<tr><th align="left">Lead</th><td>#7</td></tr>\n</table>\n' +
        '<p><a href="https://site.example/owner/leads/7">Open it in your inbox</a></p>\n</body></html>',
    );
  });

  it('leaves the link out when there is no inbox', () => {
    const mail = buildSmsFallbackEmail({ ...LEAD, inboxUrl: undefined }, ALERT_ENVELOPE);
    assert.ok(mail.text.endsWith('Lead: #7\n'), mail.text);
    assert.ok(!mail.html.includes('<a '), mail.html);
  });
});

describe('the e-mail that says the webhook is off', () => {
  it('says what happened and how to turn it back on, with one blank line before the link', () => {
    const mail = buildWebhookOffEmail(LEAD, ALERT_ENVELOPE, 'https://site.example');
    const first =
      'Your webhook endpoint (WEBHOOK_URL) answered 410 Gone when https://site.example posted lead #7 to it. 410 ' +
      'means the endpoint wants no more webhooks, so the site stopped posting to it. Leads still reach you by ' +
      'e-mail and on your other channels.';
    const second =
      'To turn the webhook back on: fix the endpoint, or set WEBHOOK_URL to a new one and restart the server, then ' +
      'run "npm run leads -- webhook-on" on the server. "npm run leads -- retry" then posts the leads that arrived ' +
      'while it was off.';
    assert.equal(mail.subject, 'Your webhook is off: its endpoint answered 410 Gone');
    assert.equal(mail.replyTo, undefined, 'nobody to answer but the site');
    assert.equal(mail.messageId, '<webhook-off-7-20260304050607890@example.com>');
    assert.equal(mail.text, `${first}\n\n${second}\n\nOpen it in your inbox: https://site.example/owner/leads/7\n`);
    assert.equal(
      mail.html,
      `${PAGE}<p>${first}</p>\n<p>${second.replaceAll('"', '&quot;')}</p>\n` +
        '<p><a href="https://site.example/owner/leads/7">Open it in your inbox</a></p>\n</body></html>',
    );
  });
});
