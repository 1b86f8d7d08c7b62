/** Which languages a content is complete in: a language lacking one text is not offered. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completeLanguages, missingTexts } from '../../src/content/completeness';
import type { Content } from '../../src/content/schema';
import { edited, withoutTranslations } from '../support/contentEdits';

describe('the languages of a content', () => {
  it('lists each text a language lacks, by its path, and leaves the language out', () => {
    const content = edited('hero.headline.es', ' ', withoutTranslations(undefined, 'services.1')) as Content;
    assert.deepEqual(missingTexts(content, 'pt'), ['services.1.title', 'services.1.description']);
    assert.deepEqual(missingTexts(content, 'es'), ['hero.headline', 'services.1.title', 'services.1.description']);
    assert.deepEqual(completeLanguages(content), ['en']);
    assert.deepEqual(completeLanguages(withoutTranslations() as Content), ['en'], 'English only');
  });
});
