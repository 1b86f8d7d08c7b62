/**
 * The editor's form as a browser sends it: every section's form sent back as shown changes nothing (in any
 * order of its fields), the values are read by their kind (a year, an address, a choice), a new item is one
 * the owner can save once its texts are typed, and a list button that does not fit what it names (a forged
 * or stale form) changes nothing and breaks nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shippedContent } from '../../src/content/defaults';
import { EDITOR_SECTIONS, editorSection } from '../../src/content/editor';
import { readSectionForm } from '../../src/content/formValues';
import { validateContent } from '../../src/content/schema';
import { edited } from '../support/contentEdits';

// biome-ignore lint/suspicious/noExplicitAny: the tests read drafts of any shape
type Loose = Record<string, any>;
type Fields = Record<string, string>;

const section = (key: string) => {
  const found = editorSection(key);
  assert.ok(found, key);
  return found;
};

/** The fields a browser sends for the parts of a section, as the editor shows them (no file ids). */
function formOf(content: Loose, key: string): Fields {
  const fields: Fields = {};
  const walk = (value: unknown, at: string): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) for (const [i, item] of value.entries()) walk(item, `${at}.${i}`);
    else if (typeof value === 'object' && 'en' in value)
      for (const [language, text] of Object.entries(value as Fields))
        fields[language === 'en' ? at : `${at}.${language}`] = text;
    else if (typeof value === 'object')
      for (const [child, inner] of Object.entries(value)) {
        if (child !== 'id') walk(inner, `${at}.${child}`);
      }
    else fields[at] = String(value);
  };
  for (const part of section(key).parts) walk(content[part], part);
  return fields;
}

/** The fields in reverse order: a form's order carries no meaning. */
const reversed = (fields: Fields): Fields => Object.fromEntries(Object.entries(fields).reverse());

// Twelve talks (the most the page takes), so that item 10 sorts after item 9, not after item 1.
const twelveTalks = edited(
  'conferences',
  Array.from({ length: 12 }, (_, i) => ({
    name: { en: `Talk ${i}` },
    location: { en: 'Lisbon' },
    year: 2010 + i,
    description: { en: `What talk ${i} was about.` },
  })),
) as Loose;

describe("a section's form sent back as it was shown", () => {
  it('changes nothing, in every section, whatever the order of its fields', () => {
    for (const { key } of EDITOR_SECTIONS) {
      const fields = formOf(shippedContent as Loose, key);
      assert.deepEqual(readSectionForm(shippedContent, section(key), fields).content, shippedContent, key);
      assert.deepEqual(readSectionForm(shippedContent, section(key), reversed(fields)).content, shippedContent, key);
    }
    const fields = reversed(formOf(twelveTalks, 'about'));
    assert.deepEqual(readSectionForm(twelveTalks, section('about'), fields).content, twelveTalks, '12 talks');
    // An empty list sends no field: the other lists' items must not become its items.
    const noTalks = edited('conferences', []) as Loose;
    const about = readSectionForm(noTalks, section('about'), formOf(noTalks, 'about')).content;
    assert.deepEqual(about, noTalks, 'no talks');
  });

  it('takes no item from a field whose item number is not one', () => {
    const forged = { 'services.x.title': 'X', 'services.1000.title': 'Y', 'services.2b.title': 'Z' };
    const fields = { ...formOf(shippedContent as Loose, 'services'), ...forged };
    assert.deepEqual(readSectionForm(shippedContent, section('services'), fields).content, shippedContent);
  });

  it('keeps the hero without a photo when the form shows none', () => {
    const noPhoto = edited('hero.photo', null) as Loose;
    const { content } = readSectionForm(noPhoto, section('hero'), formOf(noPhoto, 'hero'));
    assert.equal((content as Loose).hero.photo, null);
    assert.equal(validateContent(content).ok, true);
  });
});

describe('values read by their kind', () => {
  const publication = (fields: Fields) => {
    const form = { ...formOf(shippedContent as Loose, 'publications'), ...fields };
    return (readSectionForm(shippedContent, section('publications'), form).content as Loose).publications[0];
  };
  const talkYear = (typed: string) => {
    const form = { ...formOf(shippedContent as Loose, 'about'), 'conferences.0.year': typed };
    return (readSectionForm(shippedContent, section('about'), form).content as Loose).conferences[0].year;
  };

  it('takes a year with spaces around it as the number, and keeps anything else as typed', () => {
    assert.equal(talkYear(' 2024 '), 2024);
    assert.equal(talkYear('2024'), 2024);
    for (const typed of ['2024x', 'x2024', '20 24', '1234567890']) assert.equal(talkYear(typed), typed, typed);
    assert.equal(talkYear(' twenty '), 'twenty', 'without the spaces around it, as its error quotes it');
  });

  it("keeps the photo's file as uploaded, whatever a form sends for it", () => {
    const withPhoto = edited('hero.photo', { id: 'abc123', alt: { en: 'Anna' } }) as Loose;
    const form = { ...formOf(withPhoto, 'hero'), 'hero.photo.id': 'another-file' };
    assert.equal((readSectionForm(withPhoto, section('hero'), form).content as Loose).hero.photo.id, 'abc123');
  });

  it('takes an address without the spaces pasted around it, and a choice exactly as sent', () => {
    assert.equal(publication({ 'publications.0.url': '  https://example.com/a  ' }).url, 'https://example.com/a');
    assert.equal(publication({ 'publications.0.country': ' br ' }).country, ' br ', 'left for the schema to refuse');
  });
});

describe('the list buttons', () => {
  it('add a service the owner can save once its title and description are typed', () => {
    const fields = formOf(shippedContent as Loose, 'services');
    const added = readSectionForm(shippedContent, section('services'), fields, 'add:services');
    const count = (shippedContent as Loose).services.length;
    assert.equal(added.focus, `services.${count}`);
    const typed = {
      ...formOf(added.content, 'services'),
      [`services.${count}.title`]: 'Pricing',
      [`services.${count}.description`]: 'Prices for a new market.',
    };
    const saved = readSectionForm(added.content, section('services'), typed).content;
    assert.deepEqual(validateContent(saved).ok, true, 'the new service has an icon picked');
  });

  it('change nothing when they name what is not there or not theirs', () => {
    const cases: [string, string][] = [
      ['services', 'remove:services.99'],
      ['services', 'remove:services.-1'],
      ['services', 'remove:services.1x'],
      ['services', 'remove:services'],
      ['services', 'down:services'],
      ['services', 'explode:services.0'],
      ['services', 'remove:services.0.title'],
      ['services', 'up:services.1.title.en'],
      ['services', 'clear:services.0'],
      ['services', 'clear:services.0.title'],
      ['services', 'add:services.0'],
      ['services', 'add:servicesSection.heading'],
      ['services', 'remove:services.constructor'],
      ['services', 'remove:services.__proto__'],
      ['hero', 'clear:hero.headline'],
      ['hero', 'clear:hero.stats'],
      ['hero', 'remove:hero.photo'],
      ['hero', 'remove:hero.nothing.0'],
      ['hero', 'add:hero.headline'],
      ['hero', 'add:hero.nothing'],
      ['hero', 'remove:'],
      ['hero', 'remove'],
    ];
    for (const [key, action] of cases) {
      const fields = formOf(shippedContent as Loose, key);
      const result = readSectionForm(shippedContent, section(key), fields, action);
      assert.equal(result.focus, undefined, action);
      assert.deepEqual(result.content, shippedContent, action);
    }
  });

  it('move the last of twelve down to nowhere, and the tenth up past the ninth', () => {
    const fields = formOf(twelveTalks, 'about');
    assert.equal(readSectionForm(twelveTalks, section('about'), fields, 'down:conferences.11').focus, undefined);
    const moved = readSectionForm(twelveTalks, section('about'), fields, 'up:conferences.10');
    assert.equal(moved.focus, 'conferences.9');
    const names = (moved.content as Loose).conferences.map((talk: Loose) => talk.name.en);
    assert.deepEqual(names.slice(8), ['Talk 8', 'Talk 10', 'Talk 9', 'Talk 11']);
    const down = readSectionForm(twelveTalks, section('about'), fields, 'down:conferences.0');
    assert.equal(down.focus, 'conferences.1');
    assert.deepEqual(
      (down.content as Loose).conferences.slice(0, 2).map((talk: Loose) => talk.name.en),
      ['Talk 1', 'Talk 0'],
    );
  });
});
