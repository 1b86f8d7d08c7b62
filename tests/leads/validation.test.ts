/**
 * The pure validation rules: what a real visitor may type is accepted (and
 * trimmed), right up to the bounds; everything else is refused with the exact
 * sentence the visitor's toast shows; the honeypot and the typed-values helper
 * behave for every body shape. badInput.test.ts sends the same kinds of bad
 * input over HTTP.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isEmailAddress, isHoneypotHit, typedValues, validateLead } from '../../src/leads/validation';

const valid = (body: Record<string, unknown>) => {
  const result = validateLead(body);
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.lead;
};

describe('validateLead', () => {
  it('accepts and trims a normal submission, ignoring unknown fields', () => {
    assert.deepEqual(
      valid({ name: '  Zoë Ångström ', company: '\tBüro & Co. ', email: ' zoe@example.com\n', phone: 1, website: '' }),
      {
        name: 'Zoë Ångström',
        company: 'Büro & Co.',
        email: 'zoe@example.com',
      },
    );
  });

  it('accepts values exactly at the bounds (counted in characters, not UTF-16 units)', () => {
    const name = '😀'.repeat(200); // 400 UTF-16 units, 200 characters
    const email = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
    assert.equal(email.length, 254);
    assert.equal(valid({ name, company: 'C'.repeat(200), email }).name, name);
  });

  it('accepts the e-mail forms browsers accept', () => {
    for (const email of [
      "o'brien+tag@sub.example.co.uk",
      'a.b-c_d@example-domain.org',
      'user@bücher.de',
      'x@1.2.3.4',
      'UPPER@EXAMPLE.COM',
    ]) {
      assert.ok(isEmailAddress(email), email);
    }
  });

  it('rejects the e-mail forms browsers reject', () => {
    for (const email of [
      'plain',
      'a@b',
      'a@-example.com',
      'a@example-.com',
      'a@exa_mple.com',
      'a..b@',
      'a@b..com',
      '(a)@example.com',
      'a@example.com.',
    ]) {
      assert.ok(!isEmailAddress(email), email);
    }
  });
});

describe('validateLead rejections: the sentence the visitor reads', () => {
  const ok = { name: 'Ada Lovelace', company: 'Analytical Engines', email: 'ada@example.com' };
  const error = (body: unknown) => {
    const result = validateLead(body);
    assert.equal(result.ok, false, 'expected a rejection');
    return result.ok ? '' : result.error;
  };

  it('asks for an object when the body is not one', () => {
    for (const body of [null, undefined, 'name=Ada', 42, true, [ok]]) {
      assert.equal(
        error(body),
        'Send your name, company and email address as a JSON object or as form fields.',
        String(body),
      );
    }
  });

  it('asks for each missing field, the first missing one first', () => {
    assert.equal(error({ company: 'C', email: 'a@b.co' }), 'Please enter your name.');
    assert.equal(error({ name: null, company: 'C', email: 'a@b.co' }), 'Please enter your name.');
    assert.equal(error({ ...ok, name: ' \t ' }), 'Please enter your name.');
    assert.equal(error({ name: 'Ada', email: 'a@b.co' }), 'Please enter your company name.');
    assert.equal(error({ ...ok, company: '' }), 'Please enter your company name.');
    assert.equal(error({ name: 'Ada', company: 'C' }), 'Please enter your email address.');
    assert.equal(error({}), 'Please enter your name.');
  });

  it('does not take a field inherited from a polluted prototype as typed', () => {
    const body = Object.create({ name: 'Injected' }) as Record<string, unknown>;
    body.company = 'C';
    body.email = 'a@b.co';
    assert.equal(error(body), 'Please enter your name.');
  });

  it('refuses values that are not text', () => {
    assert.equal(error({ ...ok, name: 42 }), 'Name must be text.');
    assert.equal(error({ ...ok, company: ['Engines'] }), 'Company must be text.');
    assert.equal(error({ ...ok, email: { address: 'a@b.co' } }), 'Email address must be text.');
  });

  it('refuses values one character over the limits 200, 200 and 254', () => {
    assert.equal(error({ ...ok, name: 'N'.repeat(201) }), 'Name must be at most 200 characters.');
    assert.equal(error({ ...ok, name: '😀'.repeat(201) }), 'Name must be at most 200 characters.');
    assert.equal(error({ ...ok, company: 'C'.repeat(201) }), 'Company must be at most 200 characters.');
    const email = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.coms`;
    assert.equal(email.length, 255);
    assert.equal(error({ ...ok, email }), 'Email address must be at most 254 characters.');
  });

  it('refuses text with a lone surrogate, which cannot be stored as sent', () => {
    assert.equal(error({ ...ok, name: 'Ada\ud800' }), 'Name contains characters that are not valid text.');
    assert.equal(error({ ...ok, company: '\udc00Engines' }), 'Company contains characters that are not valid text.');
  });

  it('refuses line breaks and control characters in the name and company, but not spaces', () => {
    assert.equal(
      error({ ...ok, name: 'Ada\nBcc: victim@example.com' }),
      'Name must not contain line breaks or control characters.',
    );
    assert.equal(
      error({ ...ok, company: 'Engines\u0007' }),
      'Company must not contain line breaks or control characters.',
    );
    assert.equal(
      error({ ...ok, company: 'Engines\u2028Ltd' }),
      'Company must not contain line breaks or control characters.',
    );
    assert.equal(valid({ ...ok, name: 'Ada King Lovelace' }).name, 'Ada King Lovelace');
  });

  it('strips invisible format characters pasted into the name and company', () => {
    assert.deepEqual(
      valid({
        name: '\u200bAda\u200d Lovelace\ufeff',
        company: 'Analytical\u2060 Engines\u202e',
        email: 'ada@example.com',
      }),
      {
        name: 'Ada Lovelace',
        company: 'Analytical Engines',
        email: 'ada@example.com',
      },
    );
    assert.equal(error({ ...ok, name: '\u200b\u200b' }), 'Please enter your name.');
  });

  it('keeps the joiners and variation selectors that names are written with', () => {
    // Typed as escapes so the expected bytes are visible: ZWJ U+200D, ZWNJ U+200C, VS16 U+FE0F.
    const names = [
      '\u{1F469}\u{1F3FD}\u200d\u{1F4BB} Ada', // woman technologist, medium skin tone
      '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', // Persian, ZWNJ after the prefix
      '\u0915\u094d\u200d\u0937 Rao', // Devanagari half form
      'Ada \u2764\ufe0f', // red heart, emoji presentation
      '\u{1F3F3}\ufe0f\u200d\u{1F308} Team', // rainbow flag
    ];
    for (const name of names) assert.equal(valid({ ...ok, name, company: name }).name, name, JSON.stringify(name));
  });

  it('strips every bidi control and the invisible characters that only hide text', () => {
    const hidden = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u200b',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u061c',
    ];
    for (const ch of hidden) {
      assert.deepEqual(
        valid({ ...ok, name: `Ad${ch}a`, company: `${ch}Engines${ch}` }),
        { ...ok, name: 'Ada', company: 'Engines' },
        JSON.stringify(ch),
      );
    }
  });

  it('strips a joiner with nothing to join, and refuses a name made only of joiners', () => {
    assert.equal(valid({ ...ok, name: '\u200dAda\u200c' }).name, 'Ada');
    assert.equal(valid({ ...ok, name: ' \u200cAda \u200dLovelace\u200d ' }).name, 'Ada Lovelace');
    assert.equal(error({ ...ok, name: '\u200d\u200c\u200d' }), 'Please enter your name.');
    // A run of them at either edge goes whole, and so does the space it leaves at the end.
    assert.equal(valid({ ...ok, name: '\u200d\u200cAda\u200c\u200d' }).name, 'Ada');
    assert.equal(valid({ ...ok, name: 'Ada \u200d' }).name, 'Ada');
    assert.equal(error({ ...ok, company: ' \u200c ' }), 'Please enter your company name.');
  });

  it('refuses an e-mail address holding an invisible character rather than change it', () => {
    assert.equal(
      error({ ...ok, email: 'ada\u200b@example.com' }),
      'Please enter a valid email address, like name@example.com.',
    );
  });

  it('refuses spaces and control characters in the e-mail address, and malformed addresses', () => {
    assert.equal(
      error({ ...ok, email: 'ada lovelace@example.com' }),
      'Email address must not contain spaces or control characters.',
    );
    assert.equal(
      error({ ...ok, email: 'ada\u0000@example.com' }),
      'Email address must not contain spaces or control characters.',
    );
    assert.equal(
      error({ ...ok, email: 'ada.example.com' }),
      'Please enter a valid email address, like name@example.com.',
    );
    assert.equal(
      error({ ...ok, email: 'ada@localhost' }),
      'Please enter a valid email address, like name@example.com.',
    );
  });
});

describe('isEmailAddress edge cases', () => {
  it('needs exactly one @ with something before it', () => {
    assert.equal(isEmailAddress('ada.example.com'), false);
    assert.equal(isEmailAddress('@example.com'), false);
    assert.equal(isEmailAddress('a@b@example.com'), false);
  });

  it('refuses a character browsers refuse anywhere in the local part', () => {
    assert.equal(isEmailAddress('a(b@example.com'), false);
    assert.equal(isEmailAddress('a b@example.com'), false);
  });

  it('accepts a local part of 64 characters and refuses 65', () => {
    assert.equal(isEmailAddress(`${'a'.repeat(64)}@example.com`), true);
    assert.equal(isEmailAddress(`${'a'.repeat(65)}@example.com`), false);
  });
});

describe('honeypot and typed values: odd bodies', () => {
  it('does not flag a body without a usable website value', () => {
    assert.equal(isHoneypotHit(null), false);
    assert.equal(isHoneypotHit('website=x'), false);
    assert.equal(isHoneypotHit({ website: null }), false);
    assert.equal(isHoneypotHit({ name: 'Ada', website: ' \n ' }), false);
  });

  it('shows back at most 1000 characters of a typed value', () => {
    const long = 'x'.repeat(5000);
    assert.deepEqual(typedValues({ name: long, company: 'C', email: 'e' }), {
      name: 'x'.repeat(1000),
      company: 'C',
      email: 'e',
    });
    assert.deepEqual(typedValues(null), { name: '', company: '', email: '' });
    assert.deepEqual(typedValues('name=Ada'), { name: '', company: '', email: '' });
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

describe('an address whose domain maps to nothing', () => {
  it('is refused with its own sentence, while its look-alikes that map pass', () => {
    assert.deepEqual(validateLead({ name: 'Ada', company: 'Engines', email: 'ada@xn--zz.example' }), {
      ok: false,
      error: 'The domain of this email address is not valid.',
    });
    assert.equal(validateLead({ name: 'Ada', company: 'Engines', email: 'ada@xn--bcher-kva.example' }).ok, true);
    assert.equal(validateLead({ name: 'Ada', company: 'Engines', email: 'ada@Ｇｍａｉｌ.com' }).ok, true);
  });
});
