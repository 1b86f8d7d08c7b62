/**
 * The content's schema: the shipped content satisfies it, and each rule refuses with a sentence
 * naming the field and with the field's dotted path. Text is text: markup is accepted as typed.
 * The length of every text field is checked in schemaLimits.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shippedContent } from '../../src/content/defaults';
import { validateContent } from '../../src/content/schema';
import { assertAccepted, edited, errorsOf } from '../support/contentEdits';

const one = (path: string, message: string) => [{ path, message }];
const items = (count: number, item: unknown) => Array.from({ length: count }, () => item);
const service = shippedContent.services[0];

describe('the shipped content', () => {
  it('satisfies the schema and comes back unchanged', () => {
    const result = validateContent(shippedContent);
    assert.ok(result.ok);
    assert.deepEqual(result.content, shippedContent);
  });

  it("holds the spec's section headings, no photo, and every text in English, Portuguese and Spanish", () => {
    assert.equal(shippedContent.servicesSection.heading.en, 'How I Can Help');
    assert.equal(shippedContent.publicationsSection.heading.en, 'International Expertise');
    assert.equal(shippedContent.video.heading.en, 'Watch My Interview');
    assert.equal(shippedContent.contact.heading.en, 'Ready to Scale Your Tech Startup?');
    assert.equal(shippedContent.hero.photo, null);
    const languages = new Set<string>();
    const walk = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      if ('en' in value) for (const key of Object.keys(value)) languages.add(key);
      else for (const inner of Object.values(value)) walk(inner);
    };
    walk(shippedContent);
    assert.deepEqual([...languages], ['en', 'pt', 'es']);
  });
});

describe('a text', () => {
  it('refuses one too long, naming the item, the field and both lengths', () => {
    assert.deepEqual(
      errorsOf(edited('services.2.title.en', 'x'.repeat(52))),
      one('services.2.title.en', 'Service 3: the title is 52 characters; at most 40'),
    );
  });

  it('counts characters as a person does: an accent or an emoji is one', () => {
    assertAccepted(edited('services.0.title.en', 'é'.repeat(40)));
    assertAccepted(edited('services.0.title.en', '🚀'.repeat(40)));
    assert.deepEqual(
      errorsOf(edited('services.0.title.en', '🚀'.repeat(41))),
      one('services.0.title.en', 'Service 1: the title is 41 characters; at most 40'),
    );
  });

  it('refuses one too short where a field has a minimum length', () => {
    assertAccepted(edited('page.description.en', 'x'.repeat(50)));
    assert.deepEqual(
      errorsOf(edited('page.description.en', 'Growth advice')),
      one('page.description.en', 'Page: the description is 13 characters; at least 50'),
    );
  });

  it('refuses an empty or blank text', () => {
    for (const blank of ['', '   ', '\n']) {
      assert.deepEqual(
        errorsOf(edited('hero.headline.en', blank)),
        one('hero.headline.en', 'Hero: the headline is empty'),
        JSON.stringify(blank),
      );
    }
  });

  it('accepts markup as plain text, and line breaks', () => {
    assertAccepted(edited('hero.headline.en', '<script>alert(1)</script> <b>bold</b> &amp;'));
    assertAccepted(edited('about.journey.0.en', 'First line\nsecond line'));
  });

  it('refuses control characters other than the line break, naming the character', () => {
    for (const [typed, code] of [
      ['a\tb', '0009'],
      ['a\r\nb', '000D'],
      ['a\u0000b', '0000'],
      ['a\u001bb', '001B'],
      ['a\u0085b', '0085'],
    ]) {
      assert.deepEqual(
        errorsOf(edited('about.journey.1.en', typed)),
        one(
          'about.journey.1.en',
          `About, paragraph 2: the text holds a control character (U+${code}); only line breaks are allowed`,
        ),
      );
    }
  });

  it('is one value per language: English required, Portuguese and Spanish optional, nothing else', () => {
    assertAccepted(edited('services.0.title', { en: 'Sales', pt: 'Vendas', es: 'Ventas' }));
    assert.deepEqual(
      errorsOf(edited('services.0.title', { pt: 'Vendas' })),
      one('services.0.title.en', 'Service 1: the title has no English text'),
    );
    assert.deepEqual(
      errorsOf(edited('services.0.title', 'Sales')),
      one('services.0.title', 'Service 1: the title must be given per language, as { en: "…" }'),
    );
    assert.deepEqual(
      errorsOf(edited('services.0.title', { en: 'Sales', fr: 'Ventes' })),
      one('services.0.title', 'Service 1: the title has an unknown language "fr"; use en, pt or es'),
    );
    assert.deepEqual(
      errorsOf(edited('services.0.title', undefined)),
      one('services.0.title', 'Service 1: the title is missing'),
    );
    assert.deepEqual(
      errorsOf(edited('services.0.title.en', 42)),
      one('services.0.title.en', 'Service 1: the title must be text'),
    );
  });

  it('holds a translation to the limits of the English', () => {
    assert.deepEqual(
      errorsOf(edited('services.1.title.pt', 'x'.repeat(41))),
      one('services.1.title.pt', 'Service 2: the title (Portuguese) is 41 characters; at most 40'),
    );
    assert.deepEqual(
      errorsOf(edited('recognitions.0.subtitle.es', '')),
      one('recognitions.0.subtitle.es', 'Recognition 1: the subtitle (Spanish) is empty'),
    );
  });
});

describe('the lists', () => {
  const sizes: [path: string, item: unknown, count: number, message: string][] = [
    ['services', service, 2, 'Services: at least 3; there are 2'],
    ['services', service, 10, 'Services: at most 9; there are 10'],
    ['conferences', shippedContent.conferences[0], 13, 'Conferences: at most 12; there are 13'],
    ['recognitions', shippedContent.recognitions[0], 10, 'Recognitions: at most 9; there are 10'],
    ['publications', shippedContent.publications[0], 13, 'Publications: at most 12; there are 13'],
    ['hero.stats', shippedContent.hero.stats[0], 1, 'Hero, statistics: exactly 2; there is 1'],
    ['hero.stats', shippedContent.hero.stats[0], 3, 'Hero, statistics: exactly 2; there are 3'],
    ['hero.markets', { en: 'Europe' }, 0, 'Hero, markets: at least 1; there are 0'],
    ['hero.markets', { en: 'Europe' }, 9, 'Hero, markets: at most 8; there are 9'],
    ['about.journey', { en: 'A paragraph.' }, 0, 'About, paragraphs: at least 1; there are 0'],
    ['about.journey', { en: 'A paragraph.' }, 7, 'About, paragraphs: at most 6; there are 7'],
  ];
  for (const [path, item, count, message] of sizes) {
    it(`refuses ${count} in ${path}`, () => {
      assert.deepEqual(errorsOf(edited(path, items(count, item))), one(path, message));
    });
  }

  it('accepts each size at its ends, and the optional lists empty', () => {
    for (const [path, item, count] of [
      ['services', service, 3],
      ['services', service, 9],
      ['conferences', shippedContent.conferences[0], 12],
      ['recognitions', shippedContent.recognitions[0], 9],
      ['publications', shippedContent.publications[0], 12],
      ['conferences', null, 0],
      ['recognitions', null, 0],
      ['publications', null, 0],
    ] as const) {
      assertAccepted(edited(path, items(count, item)));
    }
  });

  it("checks a list's size even when one of its items is refused", () => {
    assert.deepEqual(errorsOf(edited('services', [{ ...service, icon: 'star' }, service])), [
      {
        path: 'services.0.icon',
        message:
          'Service 1: the icon must be one of target, users, workflow, graduation-cap, presentation (not "star")',
      },
      { path: 'services', message: 'Services: at least 3; there are 2' },
    ]);
  });

  it('refuses a list that is missing or is not a list', () => {
    assert.deepEqual(errorsOf(edited('publications', undefined)), one('publications', 'Publications: missing'));
    assert.deepEqual(errorsOf(edited('services', service)), one('services', 'Services: not a list'));
  });
});
