/**
 * Generated requests to a lead's booking link (tests/security/bookingFuzz.test.ts). A request is drawn as a
 * description, not as bytes: which lead's link it uses and how it is spoiled, which of the times then offered it
 * names and how that time is written. The test turns it into bytes against the site's state at that moment, so
 * the oracle knows what each request asks for.
 */
import fc from 'fast-check';

/** Whose link, and how it is spoiled: a lead's own, one character changed, a lead's id on another's signature, text. */
export type TokenPick =
  | { kind: 'own'; lead: number }
  | { kind: 'altered'; lead: number; at: number; by: string }
  | { kind: 'swapped'; lead: number; other: number }
  | { kind: 'text'; text: string };

/** How an offered time is written: as the page writes it, or the same instant in another spelling, or beside it. */
export const SPELLINGS = ['iso', 'no-seconds', 'offset', 'lower-z', 'plus-1ms', 'minus-15min'] as const;
export type Spelling = (typeof SPELLINGS)[number];

/**
 * A field's value: an offered time, the call's own time, an address (the link's lead's as typed, or in another
 * case with spaces around it, or another lead's), or text.
 */
export type ValuePick =
  | { kind: 'offered'; index: number; spelling: Spelling }
  | { kind: 'booked' }
  | { kind: 'address'; whose: 'own' | 'own-shouted' | 'other' }
  | { kind: 'text'; text: string };

export interface BookingRequest {
  method: 'GET' | 'POST';
  /** The language prefix the link is opened under: the lead's own is '', the others redirect or answer in theirs. */
  prefix: '' | '/pt' | '/es';
  token: TokenPick;
  /** Form fields (POST body) or query parameters (GET), in order; a key may repeat. */
  fields: [string, ValuePick][];
  contentType: string | undefined;
  origin: 'own' | 'none' | 'cross' | 'null' | 'cross-fetch';
  accept: string | undefined;
  /** Filler added to the body, to pass the form's size limit now and then. */
  padding: number;
}

export const LEADS = 3;

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '__proto__',
    'constructor',
    '%00',
    '\r\nSet-Cookie: a=b',
    'x'.repeat(3_000),
    'NaN',
    '1e308',
    '-1',
    '0',
    '2026-02-30T10:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '+275760-09-13T00:00:00.000Z',
  ),
);

const zone = fc.oneof(
  fc.constantFrom(
    'UTC',
    'Asia/Kolkata',
    'America/Sao_Paulo',
    'America/Buenos_Aires',
    'Asia/Calcutta',
    'Etc/GMT+5',
    'asia/kolkata',
    'Europe/Nowhere',
    'Asia/Kolkata/../UTC',
    `${'A/'.repeat(40)}B`,
  ),
  hostileText,
);

const offered: fc.Arbitrary<ValuePick> = fc.record({
  kind: fc.constant('offered' as const),
  index: fc.nat(200),
  spelling: fc.constantFrom(...SPELLINGS),
});

const address: fc.Arbitrary<ValuePick> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('address' as const),
      whose: fc.constantFrom('own', 'own', 'own-shouted', 'other'),
    }),
  },
  { weight: 1, arbitrary: hostileText.map(asText) },
);

const field: fc.Arbitrary<[string, ValuePick]> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constant('action'), fc.constantFrom('book', 'cancel').map(asText)) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('action'), hostileText.map(asText)) },
  { weight: 4, arbitrary: fc.tuple(fc.constant('slot'), offered) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('slot'), fc.constant({ kind: 'booked' } as const)) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('slot'), hostileText.map(asText)) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('zone'), zone.map(asText)) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('email'), address) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.oneof(hostileText, fc.constantFrom('Action', 'slot[]', 'token')), hostileText.map(asText)),
  },
);

function asText(text: string): ValuePick {
  return { kind: 'text', text };
}

const lead = fc.nat(LEADS - 1);
const token: fc.Arbitrary<TokenPick> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('own' as const), lead }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('altered' as const),
      lead,
      at: fc.nat(80),
      by: fc.constantFrom('A', 'z', '0', '-', '_', '.', '%', '/', '%2F', '%E0%A4%A', '\u00e9'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('swapped' as const), lead, other: lead }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), text: hostileText }) },
);

/**
 * As the page's forms send them, half the time: a time picked (with an address or not: a first call needs none),
 * or the call cancelled (with an address, mostly).
 */
const fields = fc.oneof(
  fc
    .tuple(
      fc.constant<[string, ValuePick]>(['action', asText('book')]),
      fc.tuple(fc.constant('slot'), offered),
      fc.tuple(fc.constant('zone'), zone.map(asText)),
      fc.option(fc.tuple(fc.constant('email'), address)),
    )
    .map(([action, slot, zone, email]): [string, ValuePick][] => [action, slot, zone, ...(email ? [email] : [])]),
  fc
    .tuple(
      fc.constant<[string, ValuePick]>(['action', asText('cancel')]),
      fc.option(fc.tuple(fc.constant('email'), address), { freq: 4 }),
    )
    .map(([action, email]): [string, ValuePick][] => [action, ...(email ? [email] : [])]),
  fc.array(field, { maxLength: 5 }),
  fc.array(field, { maxLength: 5 }),
);

export const bookingRequest: fc.Arbitrary<BookingRequest> = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST'),
  prefix: fc.constantFrom('', '', '', '/pt', '/es'),
  token,
  fields,
  contentType: fc.constantFrom(
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=utf-8',
    'application/x-www-form-urlencoded; charset=latin1',
    'application/json',
    'multipart/form-data; boundary=x',
    'text/plain',
    undefined,
  ),
  origin: fc.constantFrom('own', 'own', 'own', 'own', 'none', 'cross', 'null', 'cross-fetch'),
  accept: fc.constantFrom(undefined, 'text/html', 'application/json', '*/*', 'image/png', 'application/json;q=0'),
  padding: fc.oneof({ weight: 9, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(4_000) }),
});
