/**
 * Which languages a content is offered in, and how the owner is told: the inbox's publish notice,
 * its overview and the CLI's publish line all say it with `offeredSentence`, so they never differ.
 * English is always offered (the schema requires it in every text); another language only once
 * every text has it (src/content/completeness.ts), so a published page never mixes languages.
 */
import { completeLanguages, missingTexts } from '../content/completeness';
import { type Language, languageNames, languages, plural } from '../content/fields';
import type { Content } from '../content/schema';

export interface Offered {
  /** The languages visitors get, English first. */
  offered: Language[];
  /** The other languages, each with how many texts it lacks. */
  lacking: { language: Language; missing: number }[];
}

export function offeredIn(content: Content): Offered {
  const offered = completeLanguages(content);
  const lacking = languages
    .filter((language) => !offered.includes(language))
    .map((language) => ({ language, missing: missingTexts(content, language).length }));
  return { offered, lacking };
}

/** "a", "a and b", "a, b and c". */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * "Offered in English and Portuguese; not offered in Spanish (3 texts missing)." — or "Offered in
 * English, Portuguese and Spanish." when nothing is missing.
 */
export function offeredSentence({ offered, lacking }: Offered): string {
  const names = offered.map((language) => languageNames[language]);
  const head = `Offered in ${listed(names)}${offered.length === 1 && lacking.length > 0 ? ' only' : ''}`;
  if (lacking.length === 0) return `${head}.`;
  const missing = lacking.map(
    ({ language, missing }) => `${languageNames[language]} (${plural(missing, 'text')} missing)`,
  );
  return `${head}; not offered in ${missing.join(' or ')}.`;
}
