/**
 * The grading rules on their own: which signals make a lead spam, unverified
 * or verified, and the reasons kept for each, in a fixed order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { grade, type GradingRules, type Signals } from '../../src/leads/grading';
import { hasLinkOrTag } from '../../src/lib/linkRule';

const rules: GradingRules = { verification: 'proof', minFillMs: 3000, maxPerEmailPerDay: 3 };
const clean: Signals = {
  honeypot: false,
  proof: 'valid',
  fillMs: 5000,
  name: 'Ada Lovelace',
  company: 'Engines',
  earlierFromAddress: 0,
};
const verdictOf = (over: Partial<Signals>, r = rules) => grade({ ...clean, ...over }, r);

describe('grade', () => {
  it('verifies a valid proof sent after the minimum fill time', () => {
    assert.deepEqual(verdictOf({}), { verdict: 'verified', reasons: [] });
    assert.deepEqual(verdictOf({ fillMs: 3000 }), { verdict: 'verified', reasons: [] });
  });

  it('doubts a lead without a valid proof, or sent too fast', () => {
    assert.deepEqual(verdictOf({ proof: 'missing', fillMs: undefined }), {
      verdict: 'unverified',
      reasons: ['no-proof'],
    });
    assert.deepEqual(verdictOf({ proof: 'invalid', fillMs: undefined }), {
      verdict: 'unverified',
      reasons: ['invalid-proof'],
    });
    assert.deepEqual(verdictOf({ proof: 'expired', fillMs: undefined }), {
      verdict: 'unverified',
      reasons: ['expired-proof'],
    });
    assert.deepEqual(verdictOf({ fillMs: 2999 }), { verdict: 'unverified', reasons: ['too-fast'] });
  });

  it('calls spam what no person sends, with every reason that applies', () => {
    assert.deepEqual(verdictOf({ honeypot: true }), { verdict: 'spam', reasons: ['honeypot'] });
    assert.deepEqual(verdictOf({ proof: 'replayed' }), { verdict: 'spam', reasons: ['replayed-proof'] });
    assert.deepEqual(verdictOf({ company: 'www.example.com' }), { verdict: 'spam', reasons: ['link-or-tag'] });
    assert.deepEqual(verdictOf({ earlierFromAddress: 3 }), { verdict: 'spam', reasons: ['address-limit'] });
    assert.deepEqual(verdictOf({ earlierFromAddress: 2 }), { verdict: 'verified', reasons: [] });
    assert.deepEqual(verdictOf({ honeypot: true, proof: 'replayed', name: '<b>x</b>', earlierFromAddress: 9 }), {
      verdict: 'spam',
      reasons: ['honeypot', 'replayed-proof', 'link-or-tag', 'address-limit'],
    });
  });

  it('with verification off, verifies everything that is not spam', () => {
    const off: GradingRules = { ...rules, verification: 'off' };
    assert.deepEqual(verdictOf({ proof: 'missing', fillMs: undefined }, off), { verdict: 'verified', reasons: [] });
    assert.deepEqual(verdictOf({ fillMs: 10 }, off), { verdict: 'verified', reasons: [] });
    assert.deepEqual(verdictOf({ honeypot: true }, off), { verdict: 'spam', reasons: ['honeypot'] });
  });
});

describe('hasLinkOrTag', () => {
  it('finds URLs and tags in any case', () => {
    for (const text of [
      'see http://x.example',
      'HTTPS://X.EXAMPLE',
      'www.example.com',
      'WWW.example',
      '<b>bold</b>',
      '</div>',
      '<img src=x>',
      '<br/>',
      '<A HREF="x">',
      '<!-- x -->',
      '<!DOCTYPE html>',
      '<?php ?>',
    ]) {
      assert.equal(hasLinkOrTag(text), true, text);
    }
  });

  it('lets names and company names through, bare domains and lone brackets included', () => {
    for (const text of [
      'acme.io',
      'Acme.com Ltd',
      'I <3 startups',
      'a < b > c',
      'R&D "Labs"',
      'Mr. www',
      'httpclient GmbH',
      'Müller & Söhne',
      'Ada <ada@example.com>',
      'x <- y',
      '1 < 2 and 3 > 2',
    ]) {
      assert.equal(hasLinkOrTag(text), false, text);
    }
  });
});
