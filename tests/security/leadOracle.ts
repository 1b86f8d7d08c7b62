/**
 * What the lead endpoint must do with a request, decided independently of the
 * server's code, from the rules a visitor meets (the endpoint's fields, length
 * limits and 16 KB body limit of src/contract/lead.ts, written out here; the HTML
 * standard's e-mail syntax): which requests are certainly valid, which are
 * certainly invalid, and the values that must be stored (sent values, trimmed,
 * names and companies without invisible format characters but their joiners). Where those rules
 * leave room (exotic e-mail syntax, unusual but legal content types) the
 * verdict is 'either', and only the invariants are checked.
 */
import { Buffer } from 'node:buffer';
import qs from 'qs';
import type { HostileRequest } from './requestArbitraries';

export interface LeadValues {
  name: string;
  company: string;
  email: string;
}

export type Verdict = 'valid' | 'invalid' | 'either';

export interface Expectation {
  verdict: Verdict;
  /** Trimmed values that must be stored when the lead is accepted. */
  lead?: LeadValues;
  /** The hidden field was filled: success answer, nothing stored. */
  honeypot: boolean;
}

const BODY_LIMIT = 16 * 1024;
const BOUNDS = { name: 200, company: 200, email: 254 } as const;
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const LONE_SURROGATE = /\p{Cs}/u;
const FORMAT = /\p{Cf}/u;
const JOINERS = new Set(['\u200c', '\u200d']);
const SURE_EMAIL =
  /^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9])?@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const PUNYCODE_LABEL = /(?:^|\.)xn--/i;
// Characters outside the HTML standard's local part and domain: never in an address the form accepts.
const NEVER_IN_EMAIL = /[\s\p{Cc}<>(),;:\\"[\]]/u;

const codePoints = (s: string) => [...s].length;

function fieldVerdict(field: keyof LeadValues, value: unknown): Verdict {
  if (typeof value !== 'string') return 'invalid';
  const trimmed = storedValue(field, value);
  if (trimmed === '' || codePoints(trimmed) > BOUNDS[field]) return 'invalid';
  // A lone surrogate cannot be stored as UTF-8: storing it would change the text.
  if (LONE_SURROGATE.test(trimmed)) return 'invalid';
  if (field !== 'email') return CONTROL.test(trimmed) ? 'invalid' : 'valid';
  if (NEVER_IN_EMAIL.test(trimmed) || trimmed.split('@').length !== 2) return 'invalid';
  const [local, domain] = trimmed.split('@') as [string, string];
  if (local === '' || !domain.includes('.') || codePoints(local) > 64) return 'invalid';
  // An `xn--` label is punycode: the address is valid only when it decodes (`xn--a` does not),
  // which these rules do not model.
  if (PUNYCODE_LABEL.test(domain)) return 'either';
  return SURE_EMAIL.test(trimmed) ? 'valid' : 'either';
}

/**
 * What the server must keep of a sent value: trimmed and, in a name or a company, without the
 * invisible format characters (bidi overrides, zero-width spaces) that disguise text and would
 * defeat the duplicate check. The joiners ZWNJ and ZWJ are how some names are written (Persian,
 * emoji sequences): a run of them stays where it stands between two visible characters, and goes
 * where it joins nothing (at an edge, next to a space). An e-mail address keeps every format
 * character, and is refused for them.
 */
function storedValue(field: keyof LeadValues, value: string): string {
  if (field === 'email') return value.trim();
  const chars = [...value]
    .filter((ch) => JOINERS.has(ch) || !FORMAT.test(ch))
    .join('')
    .trim();
  const points = [...chars];
  const isGap = (ch: string | undefined) => ch === undefined || /\s/u.test(ch);
  let kept = '';
  for (let i = 0; i < points.length; ) {
    let end = i;
    while (end < points.length && JOINERS.has(points[end] as string)) end += 1;
    if (end === i) {
      kept += points[i];
      i += 1;
      continue;
    }
    if (!isGap(points[i - 1]) && !isGap(points[end])) kept += points.slice(i, end).join('');
    i = end;
  }
  return kept.trim();
}

function combine(verdicts: Verdict[]): Verdict {
  if (verdicts.includes('invalid')) return 'invalid';
  return verdicts.includes('either') ? 'either' : 'valid';
}

/** The body as the server's parsers must understand it, or undefined when it cannot be read. */
function parsedBody(req: HostileRequest): unknown {
  if (req.kind === 'form') {
    // The parser options of Express's urlencoded({ extended: false }); the standard decoding of form bodies.
    return qs.parse(req.body, {
      allowPrototypes: true,
      depth: 0,
      parameterLimit: 100,
      strictDepth: true,
      arrayLimit: 100,
    });
  }
  if (!/^[ \t\n\r]*[{[]/.test(req.body)) return undefined; // strict JSON: objects and arrays only
  return JSON.parse(req.body) as unknown;
}

const WELL_TYPED = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
]);
const SURELY_WRONG = new Set([
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
  'application/json, text/plain',
  ';;;',
  'image/png',
]);

/**
 * The body as it crosses the wire: a lone UTF-16 surrogate in the generated string has no UTF-8
 * form, so the client writes U+FFFD in its place and the server never sees the surrogate. (An
 * escaped "\ud800" in JSON text is plain ASCII and does reach the server as a surrogate.)
 */
function asSent(req: HostileRequest): HostileRequest {
  return { ...req, body: Buffer.from(req.body, 'utf8').toString('utf8') };
}

export function expectationFor(generated: HostileRequest): Expectation {
  const none: Expectation = { verdict: 'invalid', honeypot: false };
  const req = asSent(generated);
  if (Buffer.byteLength(req.body) > BODY_LIMIT) return none;
  if (req.headers['Content-Encoding']) return none;
  let typeVerdict: Verdict = 'valid';
  if (req.kind === 'content-type') {
    const type = req.contentType?.toLowerCase();
    if (SURELY_WRONG.has(req.contentType)) return none;
    const matchesBody = req.body.startsWith('{')
      ? type?.startsWith('application/json')
      : type?.startsWith('application/x-www-form-urlencoded');
    if (!matchesBody) return none;
    typeVerdict = WELL_TYPED.has(req.contentType ?? '') ? 'valid' : 'either';
  }
  let body: unknown;
  try {
    body = parsedBody(req.kind === 'content-type' && !req.body.startsWith('{') ? { ...req, kind: 'form' } : req);
  } catch {
    return none;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return none;
  const record = body as Record<string, unknown>;
  const own = (key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);
  const fields = ['name', 'company', 'email'] as const;
  const verdict = combine([typeVerdict, ...fields.map((f) => fieldVerdict(f, own(f)))]);
  const website = own('website');
  const honeypot = website !== undefined && website !== null && (typeof website !== 'string' || website.trim() !== '');
  if (verdict === 'invalid') return { verdict, honeypot };
  const lead = Object.fromEntries(fields.map((f) => [f, storedValue(f, own(f) as string)])) as unknown as LeadValues;
  return { verdict, lead, honeypot };
}

/** The identity of a submission for the one-minute duplicate window: trimmed, e-mail case ignored. */
export function duplicateKey(lead: LeadValues): string {
  return JSON.stringify([lead.name, lead.company, lead.email.toLowerCase()].map((v) => v.normalize('NFC')));
}
