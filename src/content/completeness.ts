/**
 * Which languages a content can be offered in. English is the schema's own requirement (every text
 * has it); another language is offered only when every text has it too, so a published page never
 * mixes languages.
 */
import { type Language, languages } from './fields';
import { isRecord } from './records';
import type { Content } from './schema';

// Only a localized text has an `en` key: the schema names no other field so.
const isText = (value: Record<string, unknown>) => typeof value.en === 'string';

/** The dotted paths of the texts (`services.2.title`) that have no value, or a blank one, in `language`. */
export function missingTexts(content: Content, language: Language): string[] {
  const missing: string[] = [];
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(item, at === '' ? `${index}` : `${at}.${index}`);
      });
      return;
    }
    if (!isRecord(value)) return;
    if (isText(value)) {
      const text = value[language];
      if (typeof text !== 'string' || text.trim() === '') missing.push(at);
      return;
    }
    for (const [key, inner] of Object.entries(value)) walk(inner, at === '' ? key : `${at}.${key}`);
  };
  walk(content, '');
  return missing;
}

/** The languages the content is complete in, English first. */
export const completeLanguages = (content: Content): Language[] =>
  languages.filter((language) => language === 'en' || missingTexts(content, language).length === 0);
