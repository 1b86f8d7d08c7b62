/**
 * The pure validation rules: what a real visitor may type is accepted (and
 * trimmed), right up to the bounds; the honeypot and the typed-values helper
 * behave for every body shape. The rejections are in badInput.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dedupeKey } from '../../src/leads/dedupe';
import { isEmailAddress, isHoneypotHit, LIMITS, typedValues, validateLead } from '../../src/leads/validation';

const valid = (body: Record<string, unknown>) => {
  const result = validateLead(body);
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.lead;
};

describe('validateLead', () => {
  it('accepts and trims a normal submission, ignoring unknown fields', () => {
    assert.deepEqual(valid({ name: '  Zoë Ångström ', company: '\tBüro & Co. ', email: ' zoe@example.com\n', phone: 1, website: '' }), {
      name: 'Zoë Ångström',
      company: 'Büro & Co.',
      email: 'zoe@example.com',
    });
  });

  it('accepts values exactly at the bounds (counted in characters, not UTF-16 units)', () => {
    const name = '😀'.repeat(LIMITS.name); // 400 UTF-16 units, 200 characters
    const email = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
    assert.equal(email.length, 254);
    assert.equal(valid({ name, company: 'C'.repeat(LIMITS.company), email }).name, name);
  });

  it('accepts the e-mail forms browsers accept', () => {
    for (const email of ["o'brien+tag@sub.example.co.uk", 'a.b-c_d@example-domain.org', 'user@bücher.de', 'x@1.2.3.4', 'UPPER@EXAMPLE.COM']) {
      assert.ok(isEmailAddress(email), email);
    }
  });

  it('rejects the e-mail forms browsers reject', () => {
    for (const email of ['plain', 'a@b', 'a@-example.com', 'a@example-.com', 'a@exa_mple.com', 'a..b@', 'a@b..com', '(a)@example.com', 'a@example.com.']) {
      assert.ok(!isEmailAddress(email), email);
    }
  });
});

describe('honeypot and typed values', () => {
  it('counts any non-empty website value as a bot', () => {
    assert.equal(isHoneypotHit({ website: 'http://x' }), true);
    assert.equal(isHoneypotHit({ website: ['a'] }), true);
    assert.equal(isHoneypotHit({ website: 0 }), true);
    assert.equal(isHoneypotHit({ website: '  ' }), false);
    assert.equal(isHoneypotHit({ website: '' }), false);
    assert.equal(isHoneypotHit({}), false);
    assert.equal(isHoneypotHit(undefined), false);
  });

  it('gives back only string values for the no-JavaScript page', () => {
    assert.deepEqual(typedValues({ name: 'Ada', company: 5, email: ['x'] }), { name: 'Ada', company: '', email: '' });
    assert.deepEqual(typedValues(undefined), { name: '', company: '', email: '' });
  });
});

describe('dedupeKey', () => {
  it('ignores surrounding spaces and the e-mail case, nothing else', () => {
    const base = { name: 'Ada', company: 'Engines', email: 'ada@example.com' };
    assert.equal(dedupeKey({ name: ' Ada ', company: 'Engines ', email: 'ADA@example.com' }), dedupeKey(base));
    assert.notEqual(dedupeKey({ ...base, name: 'ada' }), dedupeKey(base));
    assert.notEqual(dedupeKey({ ...base, company: 'Engine' }), dedupeKey(base));
    assert.notEqual(dedupeKey({ name: 'Ada', company: 'Engines\nada@example.com', email: '' }), dedupeKey(base), 'fields cannot run into each other');
  });
});
