/**
 * The content in one language, as the renderer reads it: every text one string, the language's own
 * value where it has one, else the English (which every text has).
 */
import type { Language } from './fields';
import type { Content, LocalizedText } from './schema';

/** The shape of `T` with each localized text read as a string. */
export type InLanguage<T> = T extends LocalizedText
  ? string
  : T extends readonly (infer U)[]
    ? InLanguage<U>[]
    : T extends object
      ? { [K in keyof T]: InLanguage<T[K]> }
      : T;

/** The page's words in one language. */
export type PageText = InLanguage<Content>;

// Only a localized text has an `en` key: the schema names no other field so.
const isText = (value: object): value is LocalizedText => typeof (value as { en?: unknown }).en === 'string';

function read(value: unknown, language: Language): unknown {
  if (Array.isArray(value)) return value.map((item) => read(item, language));
  if (value === null || typeof value !== 'object') return value;
  if (isText(value)) return value[language] ?? value.en;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, read(inner, language)]));
}

export function inLanguage(content: Content, language: Language = 'en'): PageText {
  return read(content, language) as PageText;
}
