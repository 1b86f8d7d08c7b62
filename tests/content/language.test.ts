/** The content read in one language: the language's own value where it has one, else the English. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shippedContent } from '../../src/content/defaults';
import { inLanguage } from '../../src/content/language';
import type { Content } from '../../src/content/schema';
import { edited, withoutTranslations } from '../support/contentEdits';

describe('the content in one language', () => {
  it('reads every text as a string, lists and numbers as they are', () => {
    const text = inLanguage(shippedContent);
    assert.equal(text.hero.headline, 'Take your tech startup international, with a go-to-market plan that sells');
    assert.equal(text.servicesSection.heading, 'How I Can Help');
    assert.deepEqual(text.hero.markets, ['United States', 'Europe', 'India', 'LATAM']);
    assert.equal(text.services[0]?.icon, 'target');
    assert.equal(text.conferences[0]?.year, 2022);
    assert.equal(text.hero.photo, null);
  });

  it("takes a language's own value, and the English where a text has none", () => {
    // Only this one text has Portuguese: every other falls back to its English.
    const translated = edited(
      'services.0.title',
      { en: 'What We Sell', pt: 'O que vendemos' },
      withoutTranslations(shippedContent),
    ) as Content;
    const pt = inLanguage(translated, 'pt');
    assert.equal(pt.services[0]?.title, 'O que vendemos');
    assert.equal(pt.services[1]?.title, 'Who We Sell To');
    assert.equal(inLanguage(translated, 'es').services[0]?.title, 'What We Sell');
    assert.equal(inLanguage(translated).services[0]?.title, 'What We Sell');
  });

  it('reads the shipped content in Portuguese and in Spanish', () => {
    assert.equal(inLanguage(shippedContent, 'pt').contact.panelTitle, 'Entre em contato');
    assert.equal(inLanguage(shippedContent, 'es').servicesSection.heading, 'Cómo puedo ayudarte');
    assert.deepEqual(inLanguage(shippedContent, 'es').hero.markets, [
      'Estados Unidos',
      'Europa',
      'India',
      'Latinoamérica',
    ]);
  });
});
