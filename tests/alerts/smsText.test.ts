/**
 * The SMS the owner receives: the exact wording, every value on its line,
 * and how the two-segment budget (306 GSM-7 septets, or 134 UCS-2 units) is
 * shared when values are long: short values stay whole, long ones are cut
 * with "...".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSmsText, fitValues, smsSize } from '../../src/alerts/smsText';
import { billedUnits } from '../support/smsBilling';

describe('buildSmsText', () => {
  it('reads "New lead: name, company", the e-mail, and the promised reply time', () => {
    assert.equal(
      buildSmsText({ name: 'Ada Lovelace', company: 'Analytical Engines', email: 'ada@example.com' }),
      'New lead: Ada Lovelace, Analytical Engines\nada@example.com\nReply within 24h.',
    );
  });

  it('puts values typed with line breaks or tabs on one line, without stray spaces', () => {
    assert.equal(
      buildSmsText({ name: 'Ada\nLovelace\n', company: '\tAnalytical\r\n\u2028Engines', email: 'ada@example.com\n' }),
      'New lead: Ada Lovelace, Analytical Engines\nada@example.com\nReply within 24h.',
    );
  });

  it('writes the values in the GSM alphabet where it can', () => {
    assert.equal(
      buildSmsText({ name: 'José “Pepe” García', company: 'Café–Bar', email: 'j@example.com' }),
      'New lead: José "Pepe" Garcia, Café-Bar\nj@example.com\nReply within 24h.',
    );
  });

  it('fills two GSM segments (306 septets) with three long values, cut evenly', () => {
    const text = buildSmsText({
      name: 'N'.repeat(200),
      company: 'C'.repeat(200),
      email: `${'e'.repeat(64)}@${'d'.repeat(185)}.com`,
    });
    assert.equal(
      text,
      `New lead: ${'N'.repeat(88)}..., ${'C'.repeat(89)}...\n${'e'.repeat(64)}@${'d'.repeat(24)}...\nReply within 24h.`,
    );
    assert.deepEqual(billedUnits(text), { encoding: 'GSM-7', units: 306 });
  });

  it('keeps a short e-mail whole and gives its unused share to the long values', () => {
    const text = buildSmsText({ name: 'N'.repeat(200), company: 'C'.repeat(200), email: 'ada@example.com' });
    assert.equal(text, `New lead: ${'N'.repeat(127)}..., ${'C'.repeat(127)}...\nada@example.com\nReply within 24h.`);
  });

  it('counts extension characters such as € as two septets', () => {
    const text = buildSmsText({ name: 'N'.repeat(200), company: '€'.repeat(200), email: 'a@b.co' });
    assert.equal(text, `New lead: ${'N'.repeat(87)}..., ${'€'.repeat(88)}...\na@b.co\nReply within 24h.`);
    assert.deepEqual(billedUnits(text), { encoding: 'GSM-7', units: 306 });
  });

  it('fits two UCS-2 segments (134 units) when a value needs another script', () => {
    const text = buildSmsText({ name: '王'.repeat(100), company: 'C'.repeat(100), email: 'a@b.co' });
    assert.equal(text, `New lead: ${'王'.repeat(45)}..., ${'C'.repeat(46)}...\na@b.co\nReply within 24h.`);
    assert.deepEqual(billedUnits(text), { encoding: 'UCS-2', units: 134 });
  });

  it('counts characters outside the BMP as two UCS-2 units', () => {
    const text = buildSmsText({ name: '𠀀'.repeat(100), company: 'C'.repeat(100), email: 'a@b.co' });
    assert.equal(text, `New lead: ${'𠀀'.repeat(30)}..., ${'C'.repeat(31)}...\na@b.co\nReply within 24h.`);
    assert.deepEqual(billedUnits(text), { encoding: 'UCS-2', units: 134 });
  });
});

describe('smsSize', () => {
  it('bills GSM text in septets: one segment up to 160, then 153 a segment', () => {
    assert.deepEqual(smsSize('x'.repeat(160)), { encoding: 'GSM-7', units: 160, segments: 1 });
    assert.deepEqual(smsSize('x'.repeat(161)), { encoding: 'GSM-7', units: 161, segments: 2 });
    assert.deepEqual(smsSize('x'.repeat(306)), { encoding: 'GSM-7', units: 306, segments: 2 });
    assert.deepEqual(smsSize('x'.repeat(307)), { encoding: 'GSM-7', units: 307, segments: 3 });
    assert.deepEqual(smsSize('€'.repeat(80)), { encoding: 'GSM-7', units: 160, segments: 1 });
    assert.deepEqual(smsSize('[x]'), { encoding: 'GSM-7', units: 5, segments: 1 });
  });

  it('bills other text in UTF-16 units: one segment up to 70, then 67 a segment', () => {
    assert.deepEqual(smsSize('王'.repeat(70)), { encoding: 'UCS-2', units: 70, segments: 1 });
    assert.deepEqual(smsSize('王'.repeat(71)), { encoding: 'UCS-2', units: 71, segments: 2 });
    assert.deepEqual(smsSize('王'.repeat(134)), { encoding: 'UCS-2', units: 134, segments: 2 });
    assert.deepEqual(smsSize('王'.repeat(135)), { encoding: 'UCS-2', units: 135, segments: 3 });
    assert.deepEqual(smsSize('𠀀x€'), { encoding: 'UCS-2', units: 4, segments: 1 });
  });
});

describe('fitValues', () => {
  it('keeps short values whole wherever they stand', () => {
    assert.deepEqual(fitValues(['x'.repeat(50), 'abc'], 20), [`${'x'.repeat(14)}...`, 'abc']);
    assert.deepEqual(fitValues(['a'.repeat(30), 'bbbbb', 'c'.repeat(30)], 40), [
      `${'a'.repeat(14)}...`,
      'bbbbb',
      `${'c'.repeat(15)}...`,
    ]);
    assert.deepEqual(fitValues(['c'.repeat(30), 'a'.repeat(12), 'bbbbb'], 40), [
      `${'c'.repeat(20)}...`,
      'a'.repeat(12),
      'bbbbb',
    ]);
  });

  it('leaves values that fit untouched and counts characters, not UTF-16 units', () => {
    assert.deepEqual(fitValues(['a', 'b'], 20), ['a', 'b']);
    assert.deepEqual(fitValues(['😀'.repeat(10), 'x'.repeat(10)], 20), ['😀'.repeat(10), 'x'.repeat(10)]);
    assert.deepEqual(fitValues(['😀'.repeat(12)], 10), [`${'😀'.repeat(7)}...`]);
  });

  it('shows only the ellipsis when the share is shorter than it', () => {
    assert.deepEqual(fitValues(['abcdef'], 2), ['...']);
  });
});

describe('the SMS alert with the lead inbox link', () => {
  const inboxUrl = 'https://annavolkova.com/owner/leads/123456';

  it('ends with the link to the lead in the inbox', () => {
    assert.equal(
      buildSmsText({ name: 'Ada Lovelace', company: 'Analytical Engines', email: 'ada@example.com', inboxUrl }),
      'New lead: Ada Lovelace, Analytical Engines\nada@example.com\nReply within 24h: https://annavolkova.com/owner/leads/123456',
    );
  });

  it('shortens the values, never the link, to stay within two segments', () => {
    for (const [name, company] of [
      ['N'.repeat(200), 'C'.repeat(200)],
      ['王'.repeat(200), '€'.repeat(200)],
      ['𠀀'.repeat(100), 'C'.repeat(200)],
    ] as const) {
      const text = buildSmsText({ name, company, email: `${'e'.repeat(64)}@${'d'.repeat(60)}.example`, inboxUrl });
      assert.ok(text.endsWith(`\nReply within 24h: ${inboxUrl}`), text);
      assert.ok(smsSize(text).segments <= 2, `${smsSize(text).segments} segments`);
      assert.ok(text.includes('...'), 'the values were cut');
    }
  });

  it('leaves the link out only when it could not fit two segments with any value', () => {
    const text = buildSmsText({
      name: '王',
      company: 'C',
      email: 'a@b.co',
      inboxUrl: `https://x.example/${'p'.repeat(300)}`,
    });
    assert.equal(text, 'New lead: 王, C\na@b.co\nReply within 24h.');
  });
});
