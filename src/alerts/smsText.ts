/**
 * The SMS alert's text: who asked for a call and how to reach them, in the GSM alphabet where possible, and never
 * more than two segments: budgeted in what the provider bills (GSM-7 septets, or UCS-2 units), not in characters.
 */
import { isGsm, isGsmExtension, toGsmText } from './gsm';
import type { AlertLead } from './alertSender';
import { languageMark } from './leadLanguage';

/** The alert fits two segments: 2 x 153 septets in GSM-7, 2 x 67 UTF-16 units in UCS-2. */
const MAX_SEPTETS = 306;
const MAX_UCS2_UNITS = 134;

/** What a text costs: GSM-7 septets (extension characters count two) or UCS-2 units, and its segments. */
export function smsSize(text: string): { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number } {
  if (isGsm(text)) {
    let units = 0;
    for (const ch of text) units += isGsmExtension(ch) ? 2 : 1;
    return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

const ELLIPSIS = '...';

function truncate(value: string, max: number): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  return chars.slice(0, Math.max(0, max - ELLIPSIS.length)).join('') + ELLIPSIS;
}

/**
 * Shares `budget` characters between the values: short values keep their
 * full length and the rest is split evenly among the long ones.
 */
export function fitValues(values: string[], budget: number): string[] {
  const lengths = values.map((v) => [...v].length);
  const caps = lengths.map(() => 0);
  let left = budget;
  const order = lengths.map((_, i) => i).sort((a, b) => (lengths[a] as number) - (lengths[b] as number));
  order.forEach((index, position) => {
    const share = Math.floor(left / (order.length - position));
    caps[index] = Math.min(lengths[index] as number, share);
    left -= caps[index] as number;
  });
  return values.map((v, i) => truncate(v, caps[i] as number));
}

const oneLine = (value: string) => value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/**
 * The text `template` writes with the visitor's values, shortened to fit two segments: the
 * values are transliterated to GSM where sensible and cut (longest first) until it fits.
 */
export function fitSms(template: (values: string[]) => string, raw: readonly string[]): string {
  const values = raw.map((v) => toGsmText(oneLine(v)));
  const limit = smsSize(template(values)).encoding === 'GSM-7' ? MAX_SEPTETS : MAX_UCS2_UNITS;
  // The largest share of characters whose text still fits: extension characters and UTF-16
  // surrogate pairs cost two units, so the budget is searched for, not computed.
  const textFor = (budget: number) => template(fitValues(values, budget));
  let [fits, tooBig] = [0, limit + 1];
  while (tooBig - fits > 1) {
    const mid = Math.floor((fits + tooBig) / 2);
    if (smsSize(textFor(mid)).units <= limit) fits = mid;
    else tooBig = mid;
  }
  return textFor(fits);
}

/**
 * With the lead's inbox link when it has one: the link is never shortened (the values are), and
 * is left out only when even empty values would not leave it room in two segments. A lead in
 * another language than English is marked (`New lead [pt-BR]:`), as the fixed text: never cut.
 */
export function buildSmsText(lead: Pick<AlertLead, 'name' | 'company' | 'email' | 'inboxUrl' | 'language'>): string {
  const values = [lead.name, lead.company, lead.email];
  const mark = languageMark(lead);
  const plain = ([name, company, email]: string[]) =>
    `New lead${mark}: ${name}, ${company}\n${email}\nReply within 24h.`;
  const { inboxUrl } = lead;
  if (inboxUrl === undefined) return fitSms(plain, values);
  const linked = (v: string[]) => `${plain(v).slice(0, -1)}: ${inboxUrl}`;
  const text = fitSms(linked, values);
  return smsSize(text).segments <= 2 ? text : fitSms(plain, values);
}
