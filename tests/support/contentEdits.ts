/** The shipped content with one field changed, and what the schema says about it. */
import assert from 'node:assert/strict';
import { shippedContent } from '../../src/content/defaults';
import { type ContentError, validateContent } from '../../src/content/schema';

/**
 * A copy of the shipped content with the field at a dotted path (`services.2.title.en`) set to
 * `value`, or removed when `value` is undefined.
 */
export function edited(path: string, value: unknown, base: unknown = shippedContent): unknown {
  const content = structuredClone(base);
  const keys = path.split('.');
  const last = keys.pop() as string;
  let at = content as Record<string, unknown>;
  for (const key of keys) at = at[key] as Record<string, unknown>;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return content;
}

/**
 * A copy of the content with only the English of every text (or of those under `prefix`, a dotted
 * path such as `services.1`): a content whose other languages are missing, as a test needs one.
 */
export function withoutTranslations(base: unknown = shippedContent, prefix = ''): unknown {
  const strip = (value: unknown, at: string): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => strip(item, at === '' ? `${i}` : `${at}.${i}`));
    if (typeof value !== 'object' || value === null) return value;
    const inside = at === prefix || at.startsWith(`${prefix}.`) || prefix === '';
    if ('en' in value && inside) return { en: (value as { en: unknown }).en };
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, strip(inner, at === '' ? key : `${at}.${key}`)]),
    );
  };
  return strip(base, '');
}

/** The errors of content the schema refuses; fails the test when it is accepted. */
export function errorsOf(content: unknown): ContentError[] {
  const result = validateContent(content);
  assert.ok(!result.ok, 'expected the content to be refused');
  return result.errors;
}

/** Fails the test, with the errors, when the schema refuses the content. */
export function assertAccepted(content: unknown): void {
  const result = validateContent(content);
  assert.deepEqual(result.ok ? [] : result.errors, []);
}
