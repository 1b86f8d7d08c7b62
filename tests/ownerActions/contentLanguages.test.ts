/**
 * Which languages a publish offers, and the sentence the inbox and the CLI both say it with: a
 * language lacking a text may be published, and is then not offered; English always is.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import type { Content } from '../../src/content/schema';
import { createActivity } from '../../src/ownerActions/activity';
import { createActivityTable } from '../../src/ownerActions/activityTable';
import { createContentActions } from '../../src/ownerActions/contentActions';
import { offeredIn, offeredSentence } from '../../src/ownerActions/contentLanguages';
import { openDatabase } from '../../src/storage/database';
import { edited, withoutTranslations } from '../support/contentEdits';
import { tempDir } from '../support/tempDirs';

const PHONE = { via: 'inbox', device: 'Chrome on Android' } as const;

describe('the languages a content is offered in', () => {
  it('says which are offered and how many texts each other one lacks', () => {
    assert.equal(
      offeredSentence({ offered: ['en', 'pt', 'es'], lacking: [] }),
      'Offered in English, Portuguese and Spanish.',
    );
    assert.equal(
      offeredSentence({ offered: ['en', 'pt'], lacking: [{ language: 'es', missing: 3 }] }),
      'Offered in English and Portuguese; not offered in Spanish (3 texts missing).',
    );
    assert.equal(
      offeredSentence({
        offered: ['en'],
        lacking: [
          { language: 'pt', missing: 1 },
          { language: 'es', missing: 140 },
        ],
      }),
      'Offered in English only; not offered in Portuguese (1 text missing) or Spanish (140 texts missing).',
    );
  });

  it('counts the texts each language lacks in a content', () => {
    const content = withoutTranslations(undefined, 'services.1') as Content;
    assert.deepEqual(offeredIn(content), {
      offered: ['en'],
      lacking: [
        { language: 'pt', missing: 2 },
        { language: 'es', missing: 2 },
      ],
    });
  });

  it('publishes a draft whose Spanish lacks texts, and says Spanish is not offered', () => {
    const db = openDatabase(join(tempDir('languages-'), 'leads.db'));
    const activity = createActivity(createActivityTable(db), Date.now);
    const content = createContentActions({ db, activity, logger: pino({ level: 'silent' }), now: Date.now });
    content.ensurePublished();
    // Three texts without Spanish: a headline left blank and a new service written in English and Portuguese.
    const draft = edited('hero.headline.es', undefined, content.draft().content) as Content;
    draft.services.push({
      title: { en: 'Pricing', pt: 'Precificação' },
      description: { en: 'Price for the market you enter.', pt: 'Preço para o mercado em que você entra.' },
      icon: 'target',
    });
    assert.equal(content.saveDraft(PHONE, draft, 0).kind, 'saved');
    const outcome = content.publish(PHONE);
    assert.equal(outcome.kind, 'published');
    assert.ok(outcome.kind === 'published');
    assert.deepEqual(outcome.offered, ['en', 'pt']);
    assert.deepEqual(outcome.lacking, [{ language: 'es', missing: 3 }]);
    assert.equal(
      offeredSentence(outcome),
      'Offered in English and Portuguese; not offered in Spanish (3 texts missing).',
    );
    assert.equal(content.published().revision, 2, 'published all the same');
  });
});
