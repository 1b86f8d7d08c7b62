/**
 * Checks a submitted lead, mirroring what the browser's native validation enforces on the form, plus the bounds a
 * browser cannot know. Pure: the route decides what to answer. Each error is a sentence the visitor's toast can
 * show as it is. Unknown fields are ignored.
 */
import { addressKey } from '../lib/addressKey';
import { FIELD_LIMITS, HONEYPOT_FIELD, LEAD_FIELDS, type LeadInput } from '../contract/lead';
import type { ServerStrings } from '../strings';
import * as english from '../strings/en';

export type Validation = { ok: true; lead: LeadInput } | { ok: false; error: string };

const missing = (field: keyof LeadInput, say: ServerStrings) =>
  field === 'name' ? say.missingName : field === 'company' ? say.missingCompany : say.missingEmail;

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/**
 * Invisible format characters (bidi controls, zero-width spaces, word joiners, BOM): they disguise
 * text and defeat dedupe. Except the two joiners, which are part of how names are written: ZWNJ
 * (U+200C) keeps Persian, Kurdish or Hindi letters apart, ZWJ (U+200D) joins emoji sequences.
 * Variation selectors (U+FE00-FE0F) are marks, not format characters: they are kept too.
 */
const FORMAT = /(?![\u200c\u200d])\p{Cf}/gu;
/** A run of joiners with nothing to join (at an edge, or next to a space) only hides text. */
const STRAY_JOINERS = /(?:^|(?<=\s))[\u200c\u200d]+|[\u200c\u200d]+(?=\s|$)/gu;
const WHITESPACE = /\s/u;
/** In a /u pattern, \p{Cs} matches only surrogates that are not part of a pair. */
const LONE_SURROGATE = /\p{Cs}/u;
// The HTML standard's e-mail rule (what type="email" accepts), with Unicode
// letters allowed in the domain (browsers accept internationalised domains)
// and at least one dot: an address on a bare host name cannot be answered.
const LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= 64 && LOCAL_PART.test(local) && labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l))
  );
}

const length = (value: string) => [...value].length;

/** The visible text of a name or company: format characters gone, joiners only where they join. */
function withoutInvisibles(value: string): string {
  return value.replace(FORMAT, '').trim().replace(STRAY_JOINERS, '').trim();
}

function checkField(field: keyof LeadInput, value: unknown, say: ServerStrings): string | { value: string } {
  const label = say.fieldNames[field];
  if (value === undefined || value === null) return missing(field, say);
  if (typeof value !== 'string') return say.notText(label);
  // Stripped, not refused: a pasted name can carry a stray zero-width character the visitor never saw.
  const trimmed = field === 'email' ? value.trim() : withoutInvisibles(value);
  if (trimmed === '') return missing(field, say);
  if (length(trimmed) > FIELD_LIMITS[field]) return say.tooLong(label, FIELD_LIMITS[field]);
  // A lone UTF-16 surrogate (possible in JSON: "\ud800") has no UTF-8 form: SQLite would store replacement
  // characters, so the stored lead would differ from what was sent. Found by tests/security/leadFuzz.test.ts.
  if (LONE_SURROGATE.test(trimmed)) return say.invalidCharacters(label);
  if (field === 'email') {
    if (WHITESPACE.test(trimmed) || CONTROL.test(trimmed)) return say.emailSpaces;
    if (!isEmailAddress(trimmed)) return say.emailInvalid;
    // A domain the UTS-46 mapping rejects (`xn--zz.example`) names no mailbox a mail system can reach.
    if (addressKey(trimmed) === undefined) return say.emailDomain;
  } else if (CONTROL.test(trimmed)) {
    return say.controlCharacters(label);
  }
  return { value: trimmed };
}

/** `say`: the error sentences in the visitor's language (the form's page's). */
export function validateLead(body: unknown, say: ServerStrings = english.server): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: say.notAnObject };
  }
  const record = body as Record<string, unknown>;
  const lead: Partial<LeadInput> = {};
  for (const field of LEAD_FIELDS) {
    const result = checkField(field, Object.hasOwn(record, field) ? record[field] : undefined, say);
    if (typeof result === 'string') return { ok: false, error: result };
    lead[field] = result.value;
  }
  return { ok: true, lead: lead as LeadInput };
}

/** True when the hidden field carries anything: people never see it, so only bots fill it. */
export function isHoneypotHit(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The typed values as strings, for the no-JavaScript answer page that shows the form again. */
export function typedValues(body: unknown): LeadInput {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 1000) : '');
  return { name: text(record.name), company: text(record.company), email: text(record.email) };
}
