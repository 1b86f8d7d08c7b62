/**
 * The shipped content in its three languages: valid, complete in Portuguese and Spanish (so all
 * three pages are offered from the first start), the contact panel's fixed wording, and every text
 * translated but for the names and titles that stay as they are.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completeLanguages, missingTexts } from '../../src/content/completeness';
import { shippedContent } from '../../src/content/defaults';
import { validateContent } from '../../src/content/schema';

/** Every text's dotted path and its values, walked here rather than with the code under test. */
function texts(value: unknown, at = ''): [string, Record<string, string>][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => texts(item, at === '' ? `${i}` : `${at}.${i}`));
  if (typeof value !== 'object' || value === null) return [];
  if ('en' in value) return [[at, value as Record<string, string>]];
  return Object.entries(value).flatMap(([key, inner]) => texts(inner, at === '' ? key : `${at}.${key}`));
}

describe('the shipped content in three languages', () => {
  it('satisfies the schema, with its limits, in every language', () => {
    const result = validateContent(shippedContent);
    assert.deepEqual(result.ok ? [] : result.errors, []);
  });

  it('is complete in Portuguese and Spanish: every page is offered', () => {
    assert.deepEqual(missingTexts(shippedContent, 'pt'), []);
    assert.deepEqual(missingTexts(shippedContent, 'es'), []);
    assert.deepEqual(completeLanguages(shippedContent), ['en', 'pt', 'es']);
    for (const [path, text] of texts(shippedContent)) {
      assert.deepEqual(Object.keys(text), ['en', 'pt', 'es'], path);
      for (const language of ['pt', 'es']) assert.notEqual(text[language]?.trim(), '', `${path}.${language}`);
    }
  });

  it("says the contact panel's title and subtitle in the fixed wording", () => {
    assert.deepEqual(shippedContent.contact.panelTitle, {
      en: 'Get in Touch',
      pt: 'Entre em contato',
      es: 'Ponte en contacto',
    });
    assert.deepEqual(shippedContent.contact.panelSubtitle, {
      en: 'Choose your preferred way to connect',
      pt: 'Escolha como prefere falar comigo',
      es: 'Elige cómo prefieres contactarme',
    });
  });

  it('translates every text but the proper names and the articles published in English', () => {
    const unchanged = texts(shippedContent)
      .flatMap(([path, text]) => (['pt', 'es'] as const).filter((l) => text[l] === text.en).map((l) => `${path}.${l}`))
      .sort();
    assert.deepEqual(unchanged, [
      'conferences.0.name.es',
      'conferences.0.name.pt',
      'conferences.1.name.es',
      'conferences.1.name.pt',
      'conferences.2.name.es',
      'conferences.2.name.pt',
      'conferences.3.name.es',
      'conferences.3.name.pt',
      'conferences.4.name.es',
      'conferences.4.name.pt',
      'hero.markets.2.es', // "India" is spelt alike in Spanish.
      'publications.0.media.es',
      'publications.0.media.pt',
      'publications.1.media.es',
      'publications.1.media.pt',
      'publications.2.media.es',
      'publications.2.media.pt',
      'publications.2.title.es',
      'publications.2.title.pt',
      'publications.3.media.es',
      'publications.3.media.pt',
      'publications.3.title.es',
      'publications.3.title.pt',
      'publications.4.media.es',
      'publications.4.media.pt',
      'publications.5.media.es',
      'publications.5.media.pt',
    ]);
  });

  it('keeps go-to-market as the industry says it, and reads each figure in its language', () => {
    const { hero } = shippedContent;
    assert.match(hero.headline.pt ?? '', /go-to-market/);
    assert.match(hero.headline.es ?? '', /go-to-market/);
    assert.deepEqual(hero.gmvClaim.value, { en: '$1.5M', pt: 'US$ 1,5M', es: 'US$ 1.5M' });
    assert.match(hero.gmvClaim.label.pt ?? '', /GMV/);
    assert.match(hero.gmvClaim.label.es ?? '', /GMV/);
  });
});
