/**
 * The lead's language in the owner's alerts, which stay in English: a lead who
 * wrote from the Spanish or Portuguese page is marked [es] or [pt-BR] after the
 * first words of the SMS, the e-mail's subject, Telegram's and ntfy's title,
 * the reminders and the SMS fallback, and named on a "Language:" line among the
 * facts; an English lead's alerts are word for word what they were. The SMS
 * still fits two segments, the brackets billed as the two septets each they
 * cost. The webhook's data carries the tag of every lead.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAlertEmail } from '../../src/alerts/emailMessage';
import { newLeadMessage, reminderMessage, smsFallbackMessage, telegramHtml } from '../../src/alerts/instantMessage';
import { buildSmsFallbackEmail } from '../../src/alerts/noticeEmails';
import { buildReminderEmail, buildReminderSms } from '../../src/alerts/reminderMessage';
import { buildSmsText } from '../../src/alerts/smsText';
import { webhookData } from '../../src/alerts/webhookSender';
import { ALERT_ENVELOPE, ALERT_LEAD } from '../support/alertLead';
import { billedUnits } from '../support/smsBilling';

const inboxUrl = 'https://annavolkova.com/owner/leads/7';
const ANA = {
  ...ALERT_LEAD,
  name: 'Ana García',
  company: 'Acme Ibérica',
  email: 'ana@acme.es',
  language: 'es',
  inboxUrl,
};
const JOAO = { ...ANA, name: 'João Silva', company: 'Loja Azul', email: 'joao@loja.com.br', language: 'pt-BR' };
const ADA = { ...ALERT_LEAD, inboxUrl };
const arrived = Date.parse(ALERT_LEAD.createdAt);
const HOUR = 3_600_000;

describe('the SMS of a lead in another language', () => {
  it('reads "New lead [es]:" and "New lead [pt-BR]:", the values in the GSM alphabet as before', () => {
    assert.equal(
      buildSmsText(ANA),
      'New lead [es]: Ana Garcia, Acme Ibérica\nana@acme.es\nReply within 24h: https://annavolkova.com/owner/leads/7',
    );
    assert.equal(
      buildSmsText(JOAO),
      'New lead [pt-BR]: Joao Silva, Loja Azul\njoao@loja.com.br\nReply within 24h: https://annavolkova.com/owner/leads/7',
    );
    assert.equal(billedUnits(buildSmsText(JOAO)).encoding, 'GSM-7', 'the brackets are GSM (its extension table)');
  });

  it("takes the mark's septets (a bracket costs two) from the values' share, never more than two segments", () => {
    const text = buildSmsText({
      name: 'N'.repeat(200),
      company: 'C'.repeat(200),
      email: `${'e'.repeat(64)}@${'d'.repeat(185)}.com`,
      language: 'es',
    });
    assert.equal(
      text,
      `New lead [es]: ${'N'.repeat(86)}..., ${'C'.repeat(86)}...\n${'e'.repeat(64)}@${'d'.repeat(22)}...\nReply within 24h.`,
    );
    assert.deepEqual(billedUnits(text), { encoding: 'GSM-7', units: 306 });
  });

  it('keeps the inbox link whole with long values', () => {
    const text = buildSmsText({ ...JOAO, name: 'N'.repeat(200), company: '€'.repeat(200) });
    assert.ok(text.startsWith('New lead [pt-BR]: '), text);
    assert.ok(text.endsWith(`\nReply within 24h: ${inboxUrl}`), text);
    assert.ok(billedUnits(text).units <= 306, `${billedUnits(text).units} septets`);
  });

  it('says nothing of English: an English lead reads as it always did, tag or none', () => {
    const expected =
      'New lead: Ada Lovelace, Analytical Engines\nada@example.com\nReply within 24h: https://annavolkova.com/owner/leads/7';
    assert.equal(buildSmsText(ADA), expected);
    assert.equal(buildSmsText({ ...ADA, language: 'en' }), expected);
  });
});

describe('the e-mail alert of a lead in another language', () => {
  it('marks the subject and names the language among the facts', () => {
    const mail = buildAlertEmail(ANA, ALERT_ENVELOPE);
    assert.equal(mail.subject, 'New lead [es]: Ana García (Acme Ibérica)');
    assert.ok(mail.text.includes('\nEmail: ana@acme.es\nLanguage: Spanish (es)\nSource: direct\n'), mail.text);
    assert.ok(
      mail.html.includes(
        '<tr><th align="left">Email</th><td>ana@acme.es</td></tr>\n<tr><th align="left">Language</th><td>Spanish (es)</td></tr>',
      ),
      mail.html,
    );
    assert.equal(
      buildAlertEmail({ ...JOAO, verdict: 'unverified' }, ALERT_ENVELOPE).subject,
      '[unverified] New lead [pt-BR]: João Silva (Loja Azul)',
    );
  });

  it("leaves an English lead's e-mail as it was", () => {
    for (const lead of [ADA, { ...ADA, language: 'en' }]) {
      const mail = buildAlertEmail(lead, ALERT_ENVELOPE);
      assert.equal(mail.subject, 'New lead: Ada Lovelace (Analytical Engines)');
      assert.ok(mail.text.includes('\nEmail: ada@example.com\nSource: direct\n'), mail.text);
      assert.ok(!mail.text.includes('Language') && !mail.html.includes('Language'));
    }
  });
});

describe('Telegram and ntfy, the reminders and the SMS fallback', () => {
  it('mark the title and list the language among the facts', () => {
    const message = newLeadMessage(JOAO);
    assert.equal(message.title, 'New lead [pt-BR]: João Silva (Loja Azul)');
    assert.deepEqual(message.facts.slice(0, 4), [
      ['Name', 'João Silva'],
      ['Company', 'Loja Azul'],
      ['Email', 'joao@loja.com.br'],
      ['Language', 'Portuguese (pt-BR)'],
    ]);
    assert.ok(telegramHtml(message).startsWith('<b>New lead [pt-BR]: João Silva (Loja Azul)</b>\n'));
    assert.ok(telegramHtml(message).includes('\nLanguage: Portuguese (pt-BR)\n'));
    assert.equal(
      reminderMessage(ANA, arrived + 20 * HOUR).title,
      'Reminder [es]: Ana García (Acme Ibérica) is still waiting',
    );
    assert.equal(smsFallbackMessage(ANA).title, 'SMS not delivered [es]: Ana García (Acme Ibérica)');
  });

  it('mark the reminder SMS and e-mail and the fallback e-mail', () => {
    assert.equal(
      buildReminderSms(ANA, arrived + 20 * HOUR),
      'Reminder [es]: Ana Garcia, Acme Ibérica is still waiting: 4 hours left of the 24-hour promise. Lead #7',
    );
    assert.equal(
      buildReminderEmail(ANA, ALERT_ENVELOPE, arrived + 20 * HOUR).subject,
      'Reminder [es]: Ana García (Acme Ibérica) is still waiting: 4 hours left of the 24-hour promise',
    );
    assert.equal(
      buildSmsFallbackEmail(JOAO, ALERT_ENVELOPE).subject,
      'SMS not delivered [pt-BR]: João Silva (Loja Azul)',
    );
  });

  it("leave an English lead's as they were", () => {
    const message = newLeadMessage({ ...ADA, language: 'en' });
    assert.equal(message.title, 'New lead: Ada Lovelace (Analytical Engines)');
    assert.ok(message.facts.every(([label]) => label !== 'Language'));
    assert.equal(
      buildReminderSms({ ...ADA, language: 'en' }, arrived + 20 * HOUR),
      'Reminder: Ada Lovelace, Analytical Engines is still waiting: 4 hours left of the 24-hour promise. Lead #7',
    );
  });
});

describe("the webhook's data", () => {
  it('carries the language tag of every lead, English included', () => {
    assert.equal((webhookData(ANA) as { language: string }).language, 'es');
    assert.equal((webhookData(JOAO) as { language: string }).language, 'pt-BR');
    assert.equal((webhookData({ ...ADA, language: 'en' }) as { language: string }).language, 'en');
    assert.equal((webhookData(ADA) as { language: string }).language, 'en', 'a lead without one is English');
  });
});
