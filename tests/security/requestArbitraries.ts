/**
 * Generated requests to the lead endpoint, as bots and broken clients send
 * them: JSON objects with missing, extra, repeated and prototype keys; JSON
 * that is not an object or not JSON at all; form-encoded bodies with repeated
 * keys, brackets and bad escapes; wrong, odd and missing content types; and
 * bodies past the 16 KB limit. Each body is built as text so it reaches the
 * server exactly as generated (JSON.stringify would drop or reorder keys).
 */
import fc from 'fast-check';
import { anyText, emailValue, longText, nameValue, nonString, plainEmail, plainName } from './fieldArbitraries';

export type RequestKind = 'json-object' | 'json-other' | 'form' | 'content-type';

export interface HostileRequest {
  kind: RequestKind;
  contentType: string | undefined;
  body: string;
  headers: Record<string, string>;
}

type Entry = [string, unknown];

/** A value written into the body as it is: the only way to put a literal "__proto__" key in nested JSON. */
class RawJson {
  constructor(readonly text: string) {}
}

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'valueOf',
];
const honeypot = fc.constantFrom<unknown>('', ' ', 'https://spam.example', 'x', 0, null, ['a'], { a: 1 });
const extraEntry: fc.Arbitrary<Entry> = fc.tuple(
  fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'extra', 'phone', 'message', ''), fc.string({ maxLength: 10 })),
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(
      new RawJson('{"__proto__":{"admin":true}}'),
      new RawJson('{"constructor":{"prototype":{"polluted":1}}}'),
    ),
  ),
);

const jsonValue = (v: unknown) => (v instanceof RawJson ? v.text : (JSON.stringify(v) ?? 'null'));
const jsonText = (entries: Entry[]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonValue(v)}`).join(',')}}`;

/** Lead objects: each field present or missing, honeypot sometimes, extra and prototype keys, a field repeated. */
const jsonObject = fc
  .record({
    name: fc.option(nameValue, { nil: undefined, freq: 8 }),
    company: fc.option(nameValue, { nil: undefined, freq: 8 }),
    email: fc.option(emailValue, { nil: undefined, freq: 8 }),
    website: fc.option(honeypot, { nil: undefined, freq: 2 }),
    extras: fc.array(extraEntry, { maxLength: 4 }),
    repeat: fc.option(fc.tuple(fc.constantFrom('name', 'company', 'email'), fc.oneof(nameValue, emailValue)), {
      nil: undefined,
      freq: 6,
    }),
    spaces: fc.boolean(),
  })
  .map(({ name, company, email, website, extras, repeat, spaces }) => {
    const entries: Entry[] = [];
    for (const [key, value] of [
      ['name', name],
      ['company', company],
      ['email', email],
      ['website', website],
    ] as Entry[]) {
      if (value !== undefined) entries.push([key, value]);
    }
    entries.push(...extras);
    if (repeat) entries.push(repeat);
    const body = jsonText(entries);
    return spaces ? ` \n${body}\t ` : body;
  });

/** A proper lead with at most one field swapped for something hostile, in a random key order. */
const nearValid = fc
  .record({
    lead: fc.tuple(plainName, plainName, plainEmail),
    swap: fc.integer({ min: 0, max: 4 }),
    hostile: fc.oneof(anyText, longText, nonString),
    extras: fc.array(extraEntry, { maxLength: 2 }),
  })
  .chain(({ lead, swap, hostile, extras }) => {
    const entries: Entry[] = [
      ['name', lead[0]],
      ['company', lead[1]],
      ['email', lead[2]],
    ];
    if (swap < 3) (entries[swap] as Entry)[1] = hostile;
    return fc.shuffledSubarray([...entries, ...extras], { minLength: entries.length + extras.length }).map(jsonText);
  });

/** The same few people submitting again (double clicks, retries): trimmed and case-folded they are one lead. */
const repeated = fc
  .tuple(
    fc.constantFrom(['Ana Silva', 'Acme', 'ana@acme.com'], ['Bo Li', 'Li & Co', 'bo@li.io']),
    fc.constantFrom('', ' ', '\t'),
    fc.boolean(),
  )
  .map(
    ([[n, c, e], pad, upper]) =>
      `{"name":"${pad}${n}","company":"${c}${pad}","email":"${upper ? e.toUpperCase() : e}"}`,
  );

/** JSON that is not one lead object, and text that is not JSON. */
const jsonOther = fc.oneof(
  fc
    .jsonValue({ maxDepth: 3 })
    .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
    .map((v) => JSON.stringify(v)),
  fc.tuple(plainName, plainName, plainEmail).map(([n, c, e]) => JSON.stringify([{ name: n, company: c, email: e }])),
  fc.constantFrom(
    '',
    '{',
    '{"name":"a",}',
    "{'name':'a'}",
    '{"name":NaN}',
    '{"name":"a"} {"name":"b"}',
    '/* c */{}',
    'undefined',
    '{"name":"\\ud800"}',
    '\u0000{}',
  ),
  fc.integer({ min: 1, max: 3_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 1, max: 2_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.tuple(plainName, plainEmail).map(([n, e]) => JSON.stringify({ name: n, company: 'x'.repeat(17_000), email: e })),
);

/** Form values are text: other JSON types travel as their JSON spelling. */
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

const formKey = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('name', 'company', 'email') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'website',
      'name[]',
      'name[0]',
      'email[a]',
      'a[b][c]',
      '__proto__',
      '__proto__[admin]',
      'constructor[prototype][x]',
      'name ',
      'NAME',
      '',
    ),
  },
);
// A lone surrogate cannot be percent-encoded; a browser sends U+FFFD in its place, and so do we.
const pct = (s: string) => encodeURIComponent(s.replace(/\p{Cs}/gu, '\ufffd'));
const encoders: ((s: string) => string)[] = [
  pct,
  (s) => pct(s).replace(/%20/g, '+'),
  (s) => s, // raw: '&', '=' and '%' inside the value break the structure on purpose
  (s) => `${pct(s)}%${s.length % 2 ? 'zz' : 'E0%A4'}`,
];

/** Form bodies: the three fields (some missing, some repeated), odd keys, four ways of encoding. */
const form = fc
  .record({
    pairs: fc.array(fc.tuple(formKey, fc.oneof(plainName, plainEmail, nameValue.map(asText), emailValue.map(asText))), {
      minLength: 0,
      maxLength: 7,
    }),
    complete: fc.boolean(),
    encoder: fc.integer({ min: 0, max: encoders.length - 1 }),
  })
  .chain(({ pairs, complete, encoder }) =>
    fc.tuple(plainName, plainName, plainEmail).map(([n, c, e]) => {
      const all = complete ? [['name', n], ['company', c], ['email', e], ...pairs] : pairs;
      const encode = encoders[encoder] as (s: string) => string;
      return all.map(([k, v]) => `${encode(k as string)}=${encode(v as string)}`).join('&');
    }),
  );

const ODD_TYPES = [
  undefined,
  '',
  'text/plain',
  'text/plain; charset=utf-8',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json-patch+json',
  'application/jsonx',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded; charset=koi8-r',
  'APPLICATION/JSON',
  'application/json; charset=UTF-8',
  'application/json ;charset=utf-8',
  'application/json, text/plain',
  ';;;',
  'application/*',
  '*/*',
  'image/png',
];

/** A valid lead under every kind of content type, and a compressed body the server cannot read. */
const contentType = fc
  .tuple(fc.constantFrom(...ODD_TYPES), plainName, plainName, plainEmail, fc.boolean(), fc.boolean())
  .map(
    ([type, n, c, e, asForm, gzipClaim]): HostileRequest => ({
      kind: 'content-type',
      contentType: type,
      body: asForm
        ? new URLSearchParams({ name: n, company: c, email: e }).toString()
        : JSON.stringify({ name: n, company: c, email: e }),
      headers: gzipClaim ? { 'Content-Encoding': 'gzip' } : {},
    }),
  );

const accept = fc.constantFrom<Record<string, string>>(
  {},
  { Accept: 'application/json' },
  { Accept: '*/*' },
  { Accept: 'text/html,application/xhtml+xml' },
);

export const hostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.oneof({ weight: 5, arbitrary: nearValid }, { weight: 1, arbitrary: repeated }), accept)
      .map(
        ([body, headers]): HostileRequest => ({ kind: 'json-object', contentType: 'application/json', body, headers }),
      ),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(jsonObject, accept)
      .map(
        ([body, headers]): HostileRequest => ({ kind: 'json-object', contentType: 'application/json', body, headers }),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(jsonOther, accept)
      .map(
        ([body, headers]): HostileRequest => ({ kind: 'json-other', contentType: 'application/json', body, headers }),
      ),
  },
  {
    weight: 5,
    arbitrary: fc.tuple(form, accept).map(
      ([body, headers]): HostileRequest => ({
        kind: 'form',
        contentType: 'application/x-www-form-urlencoded',
        body,
        headers,
      }),
    ),
  },
  { weight: 2, arbitrary: contentType },
);
