/**
 * Generated values for one field of a lead: the texts bots and attackers send
 * (every JSON type, empty and very long strings, emoji, right-to-left and
 * zero-width characters, combining marks, control characters, CR/LF, lone
 * surrogates, markup, SQL, header injection) mixed with ordinary names and
 * addresses, so the endpoint sees both what it must accept and what it must
 * refuse.
 */
import fc from 'fast-check';

/** Texts chosen by hand because random generation would rarely produce them. */
export const NASTY_TEXTS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "Robert'); DROP TABLE leads;--",
  "' OR '1'='1",
  'Acme\r\nBcc: victim@example.org',
  'Acme\nSubject: spoofed',
  'Acme%0d%0aBcc:victim@example.org',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '\u202eevil\u202c', // right-to-left override
  'שלום עולם مرحبا', // Hebrew and Arabic
  'a\u200bb\u200c\u200d\ufeff', // zero-width characters
  'Z\u0351\u0327a\u0308\u0301\u0316l\u0300g\u0303o', // combining marks
  '👩🏽‍💻🚀🇧🇷',
  '\u0000',
  'tab\there',
  'line\u2028separator',
  'ends with lone surrogate \ud800',
  '\udc00 starts with one',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '   ',
  '',
];

const ws = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0', '\u3000', ' \r\n ');
const word = fc.stringMatching(/^[A-Za-z][a-z]{0,11}$/);

/** A name or company a person would type, possibly padded with spaces to be trimmed. */
export const plainName = fc
  .tuple(ws, fc.array(word, { minLength: 1, maxLength: 3 }), ws)
  .map(([a, words, b]) => `${a}${words.join(' ')}${b}`);

/** An address the HTML form accepts: simple ASCII, at least one dot in the domain. */
export const plainEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+-]{0,20}[a-z0-9])?$/),
    fc.array(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'org', 'io', 'com.br'),
    ws,
  )
  .map(([local, labels, tld, pad]) => `${pad}${local}@${labels.join('.')}.${tld}${pad}`);

const controlChar = fc.constantFrom(
  '\r\n',
  '\n',
  '\r',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\t',
  '\v',
  '\f',
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Text of any kind: printable Unicode, raw code points, with control characters or lone surrogates spliced in. */
export const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), controlChar, loneSurrogate),
      maxLength: 20,
    }),
  },
  { weight: 2, arbitrary: fc.tuple(plainName, controlChar, plainName).map(([a, c, b]) => `${a}${c}${b}`) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 1, arbitrary: fc.tuple(plainName, fc.constantFrom(...NASTY_TEXTS)).map(([a, b]) => `${a} ${b}`) },
);

/** Lengths on both sides of the bounds (200 for names, 254 for addresses) and far past them. */
export const longText = fc.oneof(
  fc.integer({ min: 195, max: 262 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 98, max: 102 }).map((n) => '😀'.repeat(n)), // 2 UTF-16 units per character
  fc.integer({ min: 195, max: 205 }).map((n) => 'e\u0301'.repeat(Math.ceil(n / 2))),
  fc.constantFrom('x'.repeat(5_000), 'y'.repeat(15_000)),
  fc.integer({ min: 240, max: 260 }).map((n) => `${'a'.repeat(n - 12)}@example.com`),
);

/** Every JSON type that is not a string, nested a little. */
export const nonString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.constant({ toString: 'x', valueOf: 1 }),
  fc.constant(['a@example.com', 'b@example.com']),
);

/** A value for name or company: mostly plausible text, often hostile, sometimes not a string at all. */
export const nameValue = fc.oneof(
  { weight: 6, arbitrary: plainName },
  { weight: 5, arbitrary: anyText },
  { weight: 1, arbitrary: longText },
  { weight: 2, arbitrary: nonString },
);

/** A value for email: valid addresses, near misses, injections, other types. */
export const emailValue = fc.oneof(
  { weight: 7, arbitrary: plainEmail },
  { weight: 2, arbitrary: fc.emailAddress() },
  {
    weight: 2,
    arbitrary: fc
      .tuple(plainEmail, fc.constantFrom('\r\nBcc: victim@example.org', ' x', '@', '>', '\u0000', ',other@example.org'))
      .map(([e, s]) => `${e.trim()}${s}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'no-at-sign',
      '@example.com',
      'a@',
      'a@b',
      'a@@b.com',
      'a b@c.com',
      '<a@b.com>',
      'a@exämple.com',
      'ünï@example.com',
      '"quoted"@example.com',
    ),
  },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: longText },
  { weight: 1, arbitrary: nonString },
);
