/**
 * The kinds of variable the configuration's schema is made of, each with its standard problem message. A
 * message names the variable from the issue's path (its last key), so a declaration does not repeat its
 * name; only values that are neither secret nor personal are echoed.
 */
import { z } from 'zod';
import { isTimeZone } from '../lib/zonedTime';

export type Env = Record<string, string | undefined>;

/** The value a variable holds: trimmed, and empty or blank counts as unset. */
export const clean = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** A problem message built from the variable's name and its value. */
export const problem = (text: (name: string, value: string) => string) => ({
  error: (issue: z.core.$ZodRawIssue) => text(String(issue.path?.at(-1)), String(issue.input)),
});

/** The standard problem of a value that is neither secret nor personal: it is echoed. */
export const shown = (what: string) => problem((name, value) => `${name} must be ${what} (got "${value}")`);

const inRange = (form: RegExp, min: number, max: number, what: string) =>
  z
    .string()
    .refine((value) => form.test(value) && Number(value) >= min && Number(value) <= max, shown(what))
    .transform(Number);

export const int = (min: number, max: number) => inRange(/^-?\d+$/, min, max, `a whole number from ${min} to ${max}`);

/** A plain decimal number: digits, optionally a point and more digits. */
export const decimal = (min: number, max: number) =>
  inRange(/^\d+(\.\d+)?$/, min, max, `a number from ${min} to ${max}, such as 20 or 0.5`);

export const oneOf = <const T extends readonly string[]>(values: T) =>
  z.enum(values, shown(`one of ${values.join(', ')}`));

export const flag = oneOf(['true', 'false'])
  .transform((value) => value === 'true')
  .default(false);

/** The URL a value spells, or undefined when it spells none. */
export function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** True for localhost, 127.0.0.0/8 and ::1: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A zone the owner's times are shown in: whatever name Intl knows (IANA's, such as America/Sao_Paulo, or UTC). */
export const timeZone = z.string().refine(isTimeZone, shown('an IANA time zone name such as America/Sao_Paulo'));

export const webUrl = z
  .string()
  .refine((value) => /^https?:$/.test(parsedUrl(value)?.protocol ?? ''), shown('a http: or https: URL'));

/**
 * A provider's API origin put in place of its own (a local stand-in, an egress proxy): https:, or
 * http: to this machine only, since anything else would carry the provider's credentials in
 * clear. The value is never echoed: it may hold credentials too.
 */
export const providerUrl = z
  .string()
  .refine(
    (value) => {
      const url = parsedUrl(value);
      return url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(url.hostname));
    },
    problem(
      (name) =>
        `${name} must be an https: URL, or http: to this machine (localhost, 127.0.0.1, ::1); its value is not shown`,
    ),
  )
  .optional();

/**
 * Variables that must be set together or not at all, read from the whole environment: none set, the group
 * is null; some, one problem names what is missing (values are secrets: never echoed); all, each member's
 * schema decides, and the options are read with them.
 */
export function group<M extends z.ZodRawShape, O extends z.ZodRawShape = Record<never, never>>(
  label: string,
  members: M,
  options = {} as O,
) {
  const names = Object.keys(members);
  const read = [...names, ...Object.keys(options)];
  return z.preprocess((env: Env, ctx) => {
    const missing = names.filter((name) => clean(env[name]) === undefined);
    if (missing.length === names.length) return null;
    if (missing.length > 0) {
      ctx.addIssue(`${label} need ${names.join(', ')}: set all of them or none (missing ${missing.join(', ')})`);
      return null;
    }
    return Object.fromEntries(read.map((name) => [name, clean(env[name])]));
  }, z.object({ ...members, ...options }).nullable());
}
