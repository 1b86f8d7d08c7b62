/**
 * The kinds of field the content's schema is made of, each with its problem in words. A field's
 * message says what is wrong with it ("the title is 52 characters; at most 40"); the schema puts
 * where it is in front ("Service 3: "), read from the issue's path.
 */
import { z } from 'zod';

export const languages = ['en', 'pt', 'es'] as const;
export type Language = (typeof languages)[number];
export const languageNames: Record<Language, string> = { en: 'English', pt: 'Portuguese', es: 'Spanish' };

/** The length a text may have, in characters as a person counts them (an accented letter is one). */
export interface Limits {
  min?: number;
  max: number;
}

/** A count and its noun, in the plural unless it is one: "1 error", "3 errors". */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/**
 * What the editor needs to know of a field besides its schema: the kind of input, its label and its
 * limits. Each helper below registers what it builds, so the editor's forms follow the schema.
 */
export type FieldInfo =
  | { kind: 'text'; label: string; limits: Limits }
  | { kind: 'year'; label: string }
  | { kind: 'url'; label: string; max: number }
  | { kind: 'choice'; label: string; values: readonly string[] }
  | { kind: 'file'; label: string }
  | { kind: 'list'; min: number; max: number }
  | { kind: 'group'; label?: string };

const described = new WeakMap<z.ZodType, FieldInfo>();

function registered<Schema extends z.ZodType>(schema: Schema, info: FieldInfo): Schema {
  described.set(schema, info);
  return schema;
}

/** What a helper of this module registered for the schema; undefined for any other schema. */
export const fieldInfo = (schema: z.ZodType): FieldInfo | undefined => described.get(schema);

const quoted = (keys: readonly PropertyKey[]) => keys.map((key) => `"${String(key)}"`).join(', ');

// Control characters but the line feed: a tab, a carriage return or an escape would reach the
// page unseen in the editor. Markup needs no rule: the page escapes every text.
const CONTROL = /(?!\n)\p{Cc}/u;

/** What is wrong with a text typed in one language, or undefined when it fits. */
function textProblem(label: string, value: string, { min = 1, max }: Limits): string | undefined {
  const control = CONTROL.exec(value)?.[0];
  if (control !== undefined) {
    const code = (control.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `${label} holds a control character (U+${code}); only line breaks are allowed`;
  }
  if (value.trim() === '') return `${label} is empty`;
  const length = [...value].length;
  if (length < min) return `${label} is ${plural(length, 'character')}; at least ${min}`;
  if (length > max) return `${label} is ${plural(length, 'character')}; at most ${max}`;
  return undefined;
}

/** A string field, refused with `missing` when absent and checked by `problem` when present. */
function checkedString(label: string, missing: string, problem: (value: string) => string | undefined) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${label} must be text`) })
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message !== undefined) ctx.addIssue({ code: 'custom', message, input: value });
    });
}

/**
 * A text the visitor reads: one value per language, English required, the others optional and
 * held to the same limits (a translation has to fit the same layout).
 */
export function text(label: string, limits: Limits) {
  const inLanguage = (language: Language) => {
    const named = language === 'en' ? label : `${label} (${languageNames[language]})`;
    return checkedString(named, `${label} has no ${languageNames[language]} text`, (value) =>
      textProblem(named, value, limits),
    );
  };
  const schema = z.strictObject(
    { en: inLanguage('en'), pt: inLanguage('pt').optional(), es: inLanguage('es').optional() },
    {
      error: (issue) => {
        if (issue.code === 'unrecognized_keys')
          return `${label} has an unknown language ${quoted(issue.keys)}; use en, pt or es`;
        if (issue.input === undefined) return `${label} is missing`;
        return `${label} must be given per language, as { en: "…" }`;
      },
    },
  );
  return registered(schema, { kind: 'text', label, limits });
}

/**
 * Fields that belong together (a section, a list's item, the photo). Unknown fields are refused:
 * a misspelt name would otherwise be dropped without a word.
 */
export function group<Shape extends z.ZodRawShape>(shape: Shape, label?: string) {
  const schema = z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const unknown = `unknown field${issue.keys.length === 1 ? '' : 's'} ${quoted(issue.keys)}`;
        return label === undefined ? unknown : `${label} has ${issue.keys.length === 1 ? 'an ' : ''}${unknown}`;
      }
      if (issue.input === undefined) return label === undefined ? 'missing' : `${label} is missing`;
      return label === undefined ? 'not a group of fields' : `${label} must be a group of fields`;
    },
  });
  return registered(schema, { kind: 'group', label });
}

/** A list of `min` to `max` items; its size is checked even when an item is refused. */
export function list<Item extends z.ZodType>(item: Item, { min, max }: { min: number; max: number }) {
  const schema = z
    .array(item, { error: (issue) => (issue.input === undefined ? 'missing' : 'not a list') })
    .refine((items) => items.length >= min && items.length <= max, {
      when: (payload) => Array.isArray(payload.value),
      error: (issue) => {
        const count = (issue.input as unknown[]).length;
        const there = count === 1 ? 'there is 1' : `there are ${count}`;
        if (min === max) return `exactly ${min}; ${there}`;
        return count < min ? `at least ${min}; ${there}` : `at most ${max}; ${there}`;
      },
    });
  return registered(schema, { kind: 'list', min, max });
}

export const YEARS = { min: 1990, max: 2100 };

export function year(label: string) {
  const range = `from ${YEARS.min} to ${YEARS.max}`;
  const outside = (issue: { input?: unknown }) => `${label} is ${String(issue.input)}; it must be ${range}`;
  const schema = z
    .int({ error: () => `${label} must be a whole number ${range}` })
    .min(YEARS.min, { error: outside })
    .max(YEARS.max, { error: outside });
  return registered(schema, { kind: 'year', label });
}

/** A link a visitor follows from the page: https: only, so no page of it is sent in clear. */
export function httpsUrl(label: string, max: number) {
  const schema = checkedString(label, `${label} is missing`, (value) => {
    if (!value.startsWith('https://')) return `${label} must start with https://`;
    if (!URL.canParse(value) || /\s/.test(value)) return `${label} is not a web address`;
    const length = [...value].length;
    return length > max ? `${label} is ${plural(length, 'character')}; at most ${max}` : undefined;
  });
  return registered(schema, { kind: 'url', label, max });
}

/** One of a fixed set (an icon, a country's flag): the set is listed when the value is not in it. */
export function oneOf<const Values extends readonly [string, ...string[]]>(label: string, values: Values) {
  const schema = z.enum(values, {
    error: (issue) => {
      if (issue.input === undefined) return `${label} is missing`;
      const got = typeof issue.input === 'string' ? ` (not "${issue.input}")` : '';
      return `${label} must be one of ${values.join(', ')}${got}`;
    },
  });
  return registered(schema, { kind: 'choice', label, values });
}

/** The id of an uploaded image (src/images/): letters, digits, - and _. */
export function fileId(label: string) {
  const schema = checkedString(label, `${label} is missing`, (value) =>
    /^[A-Za-z0-9_-]{1,64}$/.test(value) ? undefined : `${label} must be 1 to 64 letters, digits, - or _`,
  );
  return registered(schema, { kind: 'file', label });
}
