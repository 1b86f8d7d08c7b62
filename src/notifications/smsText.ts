/**
 * The SMS alert's text: who asked for a call and how to reach them, short
 * enough for at most a couple of segments (under 320 characters) and in the
 * GSM alphabet where possible.
 */
import { toGsmText } from './gsm';

export const SMS_MAX_LENGTH = 319;

export interface AlertLead {
  id: number;
  createdAt: string;
  name: string;
  company: string;
  email: string;
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

export function buildSmsText(lead: Pick<AlertLead, 'name' | 'company' | 'email'>): string {
  const template = (name: string, company: string, email: string) =>
    `New lead: ${name}, ${company}\n${email}\nReply within 24h.`;
  const values = [lead.name, lead.company, lead.email].map((v) => toGsmText(oneLine(v)));
  const fixed = [...template('', '', '')].length;
  const [name, company, email] = fitValues(values, SMS_MAX_LENGTH - fixed) as [string, string, string];
  return template(name, company, email);
}
