/**
 * The content's fields that are not free text: years, addresses, countries, icons, the photo,
 * and the groups of fields, which refuse a field they do not know.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countryNames } from '../../src/content/iconsAndFlags';
import { validateContent } from '../../src/content/schema';
import { assertAccepted, edited, errorsOf } from '../support/contentEdits';

const one = (path: string, message: string) => [{ path, message }];

describe('years', () => {
  it('accepts 1990 to 2100', () => {
    for (const year of [1990, 2100]) {
      assertAccepted(edited('conferences.0.year', year));
      assertAccepted(edited('footer.year', year));
    }
  });

  it('refuses a year outside 1990 to 2100, saying which', () => {
    assert.deepEqual(
      errorsOf(edited('conferences.1.year', 1989)),
      one('conferences.1.year', 'Conference 2: the year is 1989; it must be from 1990 to 2100'),
    );
    assert.deepEqual(
      errorsOf(edited('recognitions.2.year', 2101)),
      one('recognitions.2.year', 'Recognition 3: the year is 2101; it must be from 1990 to 2100'),
    );
  });

  it('refuses a year that is not a whole number', () => {
    for (const year of [2020.5, '2020', null, Number.NaN]) {
      assert.deepEqual(
        errorsOf(edited('footer.year', year)),
        one('footer.year', 'Footer: the year must be a whole number from 1990 to 2100'),
        String(year),
      );
    }
  });
});

describe('addresses', () => {
  it('accepts an https: address', () => {
    assertAccepted(edited('publications.1.url', 'https://example.com/a?b=c#d'));
  });

  it('refuses any other scheme', () => {
    for (const url of [
      'http://exame.com/x',
      'HTTPS://exame.com/x',
      'javascript:alert(1)',
      '//exame.com/x',
      'exame.com',
    ]) {
      assert.deepEqual(
        errorsOf(edited('publications.1.url', url)),
        one('publications.1.url', 'Publication 2: the address must start with https://'),
        url,
      );
    }
  });

  it('refuses an address that does not parse or holds a space', () => {
    for (const url of ['https://', 'https://exa mple.com/x', 'https://example.com/a b']) {
      assert.deepEqual(
        errorsOf(edited('publications.0.url', url)),
        one('publications.0.url', 'Publication 1: the address is not a web address'),
        url,
      );
    }
  });

  it('refuses one longer than 500 characters', () => {
    const url = `https://example.com/${'a'.repeat(481)}`;
    assertAccepted(edited('publications.0.url', url.slice(0, 500)));
    assert.deepEqual(
      errorsOf(edited('publications.0.url', url)),
      one('publications.0.url', 'Publication 1: the address is 501 characters; at most 500'),
    );
  });
});

describe('countries and icons', () => {
  it('accepts the countries the flag set draws, whose names come from their codes', () => {
    for (const country of ['BR', 'US', 'RU']) assertAccepted(edited('publications.0.country', country));
    assert.deepEqual(countryNames, { BR: 'Brazil', US: 'USA', RU: 'Russia' });
  });

  it('refuses a country without a flag, or not written as its code', () => {
    for (const country of ['FR', 'br', 'Brazil']) {
      assert.deepEqual(
        errorsOf(edited('publications.3.country', country)),
        one('publications.3.country', `Publication 4: the country must be one of BR, US, RU (not "${country}")`),
      );
    }
  });

  it('refuses an icon outside the icon set', () => {
    assert.deepEqual(
      errorsOf(edited('services.4.icon', 'rocket')),
      one(
        'services.4.icon',
        'Service 5: the icon must be one of target, users, workflow, graduation-cap, presentation (not "rocket")',
      ),
    );
  });
});

describe('the photo', () => {
  const photo = { id: 'a1b2c3-hero_photo', alt: { en: 'Anna Volkova speaking at Web Summit' } };

  it('is null or a file with its alt text', () => {
    assertAccepted(edited('hero.photo', photo));
    assertAccepted(edited('hero.photo', null));
  });

  it('refuses a photo without alt text, a file name that is not one, or a missing slot', () => {
    assert.deepEqual(
      errorsOf(edited('hero.photo', { id: photo.id, alt: { en: ' ' } })),
      one('hero.photo.alt.en', "Hero: the photo's alt text is empty"),
    );
    assert.deepEqual(
      errorsOf(edited('hero.photo', { id: photo.id })),
      one('hero.photo.alt', "Hero: the photo's alt text is missing"),
    );
    assert.deepEqual(
      errorsOf(edited('hero.photo', { ...photo, id: '../etc/passwd' })),
      one('hero.photo.id', "Hero: the photo's file must be 1 to 64 letters, digits, - or _"),
    );
    assert.deepEqual(
      errorsOf(edited('hero.photo', 'photo.jpg')),
      one('hero.photo', 'Hero: the photo must be a group of fields'),
    );
    assert.deepEqual(errorsOf(edited('hero.photo', undefined)), one('hero.photo', 'Hero: the photo is missing'));
  });
});

describe('groups of fields', () => {
  it('refuses a field it does not know, anywhere', () => {
    assert.deepEqual(
      errorsOf(edited('services.2.colour', 'red')),
      one('services.2', 'Service 3: unknown field "colour"'),
    );
    assert.deepEqual(
      errorsOf(edited('hero.photo', { id: 'p1', alt: { en: 'Anna' }, width: 600, height: 600 })),
      one('hero.photo', 'Hero: the photo has unknown fields "width", "height"'),
    );
    assert.deepEqual(
      errorsOf(edited('footer.company', { en: 'Acme' })),
      one('footer', 'Footer: unknown field "company"'),
    );
    assert.deepEqual(errorsOf(edited('theme', 'dark')), one('', 'Content: unknown field "theme"'));
  });

  it('refuses a missing section, a missing field, and content that is not a group of fields', () => {
    assert.deepEqual(errorsOf(edited('video', undefined)), one('video', 'Video: missing'));
    assert.deepEqual(
      errorsOf(edited('services.1', 'Fundraising')),
      one('services.1', 'Service 2: not a group of fields'),
    );
    assert.deepEqual(
      errorsOf(edited('hero.gmvClaim.label', undefined)),
      one('hero.gmvClaim.label', "Hero: the GMV claim's label is missing"),
    );
    for (const content of [null, 'content', []]) {
      assert.deepEqual(errorsOf(content), one('', 'Content: not a group of fields'), JSON.stringify(content));
    }
  });

  it('reports every problem at once, in the order of the page', () => {
    const twice = edited('services.0.title.en', '', edited('footer.year', 1900));
    const result = validateContent(twice);
    assert.deepEqual(result.ok ? [] : result.errors.map((e) => e.path), ['services.0.title.en', 'footer.year']);
  });
});

describe('the words of a refusal', () => {
  it('names one unknown field, one character, a missing choice, and no typed value when there is none', () => {
    assert.deepEqual(
      errorsOf(edited('hero.photo', { id: 'p1', alt: { en: 'Anna' }, width: 600 })),
      one('hero.photo', 'Hero: the photo has an unknown field "width"'),
    );
    assert.deepEqual(
      errorsOf(edited('page.description', { en: 'x' })),
      one('page.description.en', 'Page: the description is 1 character; at least 50'),
    );
    assert.deepEqual(
      errorsOf(edited('services.0.icon', undefined)),
      one('services.0.icon', 'Service 1: the icon is missing'),
    );
    assert.deepEqual(
      errorsOf(edited('services.0.icon', 5)),
      one(
        'services.0.icon',
        'Service 1: the icon must be one of target, users, workflow, graduation-cap, presentation',
      ),
    );
    assert.deepEqual(
      errorsOf(edited('publications.0.url', undefined)),
      one('publications.0.url', 'Publication 1: the address is missing'),
    );
  });

  it('refuses a file name that is a path, has an extension or is longer than 64, in the photo and the thumbnail', () => {
    const message = (field: string) => `${field} must be 1 to 64 letters, digits, - or _`;
    for (const id of ['a1/../../x', 'photo.jpg', 'a1 b2', 'a'.repeat(65)]) {
      assert.deepEqual(
        errorsOf(edited('hero.photo', { id, alt: { en: 'Anna' } })),
        one('hero.photo.id', message("Hero: the photo's file")),
        id,
      );
      assert.deepEqual(
        errorsOf(edited('video.thumbnail', id)),
        one('video.thumbnail', message("Video: the thumbnail's file")),
        id,
      );
    }
    assertAccepted(edited('hero.photo', { id: 'a'.repeat(64), alt: { en: 'Anna' } }));
  });
});
