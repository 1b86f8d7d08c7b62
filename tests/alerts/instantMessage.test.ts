/**
 * What the owner's Telegram and ntfy alerts say, word for word: a new lead, a reminder, an SMS that never
 * arrived and a test alert, in Telegram's HTML (a blank line between title, facts and link, whatever is
 * missing; every value escaped) and ntfy's plain text (the title and the link travel beside it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  newLeadMessage,
  ntfyText,
  reminderMessage,
  smsFallbackMessage,
  telegramHtml,
  testInstantMessage,
} from '../../src/alerts/instantMessage';
import { ALERT_LEAD } from '../support/alertLead';

const LEAD = { ...ALERT_LEAD, inboxUrl: 'https://site.example/owner/leads/7' };
const FACTS = [
  'Name: Ada Lovelace',
  'Company: Analytical Engines',
  'Email: ada@example.com',
  'Source: direct',
  'Received: 2026-03-04 05:06:07 UTC',
  'Lead: #7',
].join('\n');
const LINK = '<a href="https://site.example/owner/leads/7">Open it in your inbox</a>';

describe("the owner's instant alerts", () => {
  it('tell a new lead: title, the promise, the facts, the link to its page', () => {
    const message = newLeadMessage(LEAD);
    assert.equal(message.title, 'New lead: Ada Lovelace (Analytical Engines)');
    assert.equal(message.url, LEAD.inboxUrl);
    assert.equal(
      telegramHtml(message),
      `<b>New lead: Ada Lovelace (Analytical Engines)</b>\n` +
        `A visitor asked for a free setup call. The promised reply time is 24 hours.\n\n${FACTS}\n\n${LINK}`,
    );
    assert.equal(
      ntfyText(message),
      `A visitor asked for a free setup call. The promised reply time is 24 hours.\n\n${FACTS}`,
    );
  });

  it('remind of a lead with the hours left of the promise', () => {
    const message = reminderMessage(LEAD, Date.parse(LEAD.createdAt) + 20 * 3_600_000);
    assert.equal(
      telegramHtml(message),
      '<b>Reminder: Ada Lovelace (Analytical Engines) is still waiting</b>\n' +
        `This lead is still marked new: 4 hours left of the 24-hour promise.\n\n${FACTS}\n\n${LINK}`,
    );
  });

  it('send a lead again when its SMS was not delivered, with no link when there is no inbox', () => {
    const lead = { ...LEAD, inboxUrl: undefined, smsDelivery: { status: 'undelivered', errorCode: '30003' } };
    assert.equal(
      telegramHtml(smsFallbackMessage(lead)),
      '<b>SMS not delivered: Ada Lovelace (Analytical Engines)</b>\n' +
        'The SMS about this lead was not delivered (error 30003): the phone was unreachable (off or out of ' +
        `coverage). Here it is again; check the SMS settings with &quot;npm run leads -- test-alerts&quot;.\n\n${FACTS}`,
    );
  });

  it('say a test is a test, with one blank line before the link to the inbox', () => {
    const message = testInstantMessage('Telegram', 'https://site.example');
    assert.equal(
      telegramHtml(message),
      '<b>Test alert: Telegram alerts work</b>\n' +
        'Test alert from https://site.example: Telegram alerts work. No lead is involved.\n\n' +
        '<a href="https://site.example/owner">Open it in your inbox</a>',
    );
    assert.equal(
      ntfyText(testInstantMessage('ntfy', 'https://site.example')),
      'Test alert from https://site.example: ntfy alerts work. No lead is involved.',
    );
  });

  it('escape what a visitor typed, in the title, the facts and the link', () => {
    const html = telegramHtml(newLeadMessage({ ...LEAD, name: '<a href="x">Eve</a>', company: 'A & B' }));
    assert.ok(html.startsWith('<b>New lead: &lt;a href=&quot;x&quot;&gt;Eve&lt;/a&gt; (A &amp; B)</b>\n'), html);
    assert.ok(html.includes('\nName: &lt;a href=&quot;x&quot;&gt;Eve&lt;/a&gt;\nCompany: A &amp; B\n'), html);
    assert.equal(html.match(/<a /g)?.length, 1, 'one link: ours');
  });
});
