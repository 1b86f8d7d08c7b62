/**
 * The alert texts are built from untrusted visitor input: the SMS fits two
 * segments and stays in the GSM alphabet where possible, the e-mail's subject
 * stays on one line, and no value reaches the HTML part unescaped.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildAlertEmail, escapeHtml, oneLineHeader } from '../../src/alerts/emailMessage';
import { isGsm, toGsmText } from '../../src/alerts/gsm';
import { buildSmsText, fitValues } from '../../src/alerts/smsText';
import { fitsTwoSegments } from '../support/smsBilling';
import { ALERT_ENVELOPE, ALERT_LEAD } from '../support/alertLead';

const lead = ALERT_LEAD;
const envelope = ALERT_ENVELOPE;
const anyText = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });

describe('SMS text', () => {
  it('names the lead, the company and the e-mail address', () => {
    const text = buildSmsText(lead);
    assert.match(text, /Ada Lovelace/);
    assert.match(text, /Analytical Engines/);
    assert.match(text, /ada@example\.com/);
    assert.ok(isGsm(text));
  });

  it('fits two segments for the longest valid input', () => {
    const text = buildSmsText({
      name: 'N'.repeat(200),
      company: 'C'.repeat(200),
      email: `${'e'.repeat(64)}@${'d'.repeat(185)}.com`,
    });
    assert.ok(fitsTwoSegments(text), `${text.length} characters`);
    assert.ok(text.includes('...'), 'long values are visibly shortened');
  });

  it('fits two segments for any input (property)', () => {
    fc.assert(
      fc.property(anyText(200), anyText(200), anyText(254), (name, company, email) => {
        const text = buildSmsText({ name, company, email });
        assert.ok(fitsTwoSegments(text), JSON.stringify(text));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a short e-mail whole when the other values are long', () => {
    const text = buildSmsText({ name: 'N'.repeat(200), company: 'C'.repeat(200), email: 'ada@example.com' });
    assert.ok(text.includes('ada@example.com'));
  });

  it('transliterates typographic and accented characters into GSM', () => {
    assert.equal(toGsmText('“Smart” ‘quotes’ – and — dashes…'), '"Smart" \'quotes\' - and - dashes...');
    assert.equal(toGsmText('João Ação Łódź'), 'Joao Acao Lodz');
    assert.equal(toGsmText('Müller Ñoño café'), 'Müller Ñoño café', 'characters GSM already has stay');
    assert.equal(toGsmText('Иван Щукин'), 'Ivan Shchukin');
    assert.ok(isGsm(buildSmsText({ name: 'José “Pepe” García', company: 'Café–Bar', email: 'j@example.com' })));
  });

  it('drops emoji and symbols but keeps letters of other scripts', () => {
    assert.equal(toGsmText('Ada 🚀 Lovelace ✨'), 'Ada Lovelace ');
    assert.equal(toGsmText('王小明'), '王小明');
  });

  it('fits values into a budget, short ones whole', () => {
    assert.deepEqual(fitValues(['abc', 'x'.repeat(50)], 20), ['abc', `${'x'.repeat(14)}...`]);
    assert.deepEqual(fitValues(['a', 'b'], 20), ['a', 'b']);
  });

  it('puts line breaks typed into a value on one line', () => {
    const text = buildSmsText({ name: 'Ada\nLovelace', company: 'A\r\nB', email: 'a@b.co' });
    assert.equal(text.split('\n').length, 3, text);
  });
});

describe('e-mail alert', () => {
  it('is from us, to the owner, with Reply-To the lead', () => {
    const mail = buildAlertEmail(lead, envelope);
    assert.equal(mail.from, 'alerts@example.com');
    assert.equal(mail.to, 'owner@example.com');
    assert.equal(mail.replyTo.address, 'ada@example.com');
    assert.equal(mail.subject, 'New lead: Ada Lovelace (Analytical Engines)');
    for (const part of [mail.text, mail.html]) {
      for (const value of ['Ada Lovelace', 'Analytical Engines', 'ada@example.com', '2026-03-04 05:06:07 UTC'])
        assert.ok(part.includes(value), value);
    }
    assert.match(mail.messageId, /^<lead-7-\d+@example\.com>$/);
  });

  it('escapes every value in the HTML part', () => {
    const evil = {
      ...lead,
      name: '<script>alert(1)</script>',
      company: `"Tom & Jerry's" <b>`,
      email: "o'brien&co@example.com",
    };
    const mail = buildAlertEmail(evil, envelope);
    assert.ok(!mail.html.includes('<script>'));
    assert.ok(!mail.html.includes('<b>'));
    assert.ok(mail.html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(mail.html.includes('&quot;Tom &amp; Jerry&#39;s&quot; &lt;b&gt;'));
    assert.ok(mail.html.includes('o&#39;brien&amp;co@example.com'));
    assert.ok(mail.text.includes('<script>alert(1)</script>'), 'the text part shows the value as typed');
  });

  it('never lets a value add markup to the HTML part (property)', () => {
    const tags = (html: string) => html.match(/<[^>]*>/g) ?? [];
    const baseline = tags(buildAlertEmail(lead, envelope).html).length;
    fc.assert(
      fc.property(anyText(60), anyText(60), (name, company) => {
        const html = buildAlertEmail({ ...lead, name, company }, envelope).html;
        assert.equal(tags(html).length, baseline);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the subject on one line whatever the values hold', () => {
    const mail = buildAlertEmail({ ...lead, name: 'Ada\r\nBcc: victim@example.com', company: 'X\u2028Y\tZ' }, envelope);
    assert.ok(!/[\r\n\u2028\t]/.test(mail.subject), JSON.stringify(mail.subject));
    assert.ok(!/[\r\n]/.test(mail.replyTo.name));
    fc.assert(fc.property(anyText(300), (value) => assert.ok(!/[\p{Cc}\u2028\u2029]/u.test(oneLineHeader(value)))));
  });

  it('escapes the five HTML-significant characters', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
