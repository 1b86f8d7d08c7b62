/**
 * A section's form read back into the content: what was typed replaces the section's values (line
 * breaks as LF, a year kept as typed when it is not a number), what the form does not show is kept
 * (other sections, other languages, the photo's file), and the list buttons add, move and remove
 * items or clear the photo, without touching another section.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shippedContent } from '../../src/content/defaults';
import { editorSection } from '../../src/content/editor';
import { readSectionForm } from '../../src/content/formValues';
import { edited } from '../support/contentEdits';

// biome-ignore lint/suspicious/noExplicitAny: the tests read into drafts of any shape
type Loose = Record<string, any>;

const section = (key: string) => {
  const found = editorSection(key);
  assert.ok(found, key);
  return found;
};

/** The form fields a browser would send for the recognitions of the shipped content. */
const recognitionFields = (content: Loose) =>
  Object.fromEntries(
    (content.recognitions as Loose[]).flatMap((item, i) => [
      [`recognitions.${i}.title`, item.title.en],
      [`recognitions.${i}.subtitle`, item.subtitle.en],
      [`recognitions.${i}.year`, String(item.year)],
    ]),
  );

describe("a section's form read into the draft", () => {
  it('takes the typed text, with CR LF as LF, and keeps the other languages when they hold text', () => {
    const draft = edited('footer.title', { en: 'Old', pt: 'Velho', es: '' });
    const { content } = readSectionForm(draft, section('footer'), {
      'footer.title': 'New\r\nline\rend',
      'footer.year': '2027',
    });
    assert.deepEqual(content.footer, { title: { en: 'New\nline\nend', pt: 'Velho' }, year: 2027 });
    assert.deepEqual(content.hero, shippedContent.hero, 'another section is untouched');
  });

  it('stores a Portuguese or Spanish typed beside the English, and drops one left blank (it is missing)', () => {
    const { content } = readSectionForm(shippedContent, section('footer'), {
      'footer.title': 'Strategist',
      'footer.title.pt': 'Estrategista\r\nde crescimento',
      'footer.title.es': '   ',
      'footer.year': '2024',
    });
    assert.deepEqual((content as Loose).footer.title, { en: 'Strategist', pt: 'Estrategista\nde crescimento' });
    const markets = readSectionForm(shippedContent, section('hero'), {
      'hero.markets.0': 'USA',
      'hero.markets.0.pt': '',
      'hero.markets.0.es': 'EE. UU.',
    });
    assert.deepEqual((markets.content as Loose).hero.markets, [{ en: 'USA', es: 'EE. UU.' }], 'a list of texts alike');
  });

  it('keeps a year that is not a number as typed, so its error can say so', () => {
    const { content } = readSectionForm(shippedContent, section('footer'), {
      'footer.title': 'T',
      'footer.year': 'twenty',
    });
    assert.equal((content as Loose).footer.year, 'twenty');
  });

  it('keeps the photo file the form does not show, and takes its alt text', () => {
    const draft = edited('hero.photo', { id: 'abc123', alt: 'Old alt' });
    const { content } = readSectionForm(draft, section('hero'), { 'hero.photo.alt': 'Nikolai at a conference' });
    assert.deepEqual((content as Loose).hero.photo, { id: 'abc123', alt: { en: 'Nikolai at a conference' } });
  });

  it('adds an empty item at the end, moves items and removes one', () => {
    const base = shippedContent as Loose;
    const count = base.recognitions.length;
    const fields = recognitionFields(base);
    const added = readSectionForm(base, section('about'), fields, 'add:recognitions');
    assert.equal(added.focus, `recognitions.${count}`);
    assert.deepEqual((added.content as Loose).recognitions[count], {
      title: { en: '' },
      subtitle: { en: '' },
      year: '',
    });

    const moved = readSectionForm(base, section('about'), fields, 'up:recognitions.1');
    assert.equal(moved.focus, 'recognitions.0');
    assert.deepEqual(
      (moved.content as Loose).recognitions.slice(0, 2).map((r: Loose) => r.title.en),
      [base.recognitions[1].title.en, base.recognitions[0].title.en],
    );
    const removed = readSectionForm(base, section('about'), fields, 'remove:recognitions.0');
    assert.equal((removed.content as Loose).recognitions.length, count - 1);
    assert.equal((removed.content as Loose).recognitions[0].title.en, base.recognitions[1].title.en);
  });

  it('ignores a move past either end, an add past the limit, and an action on another section', () => {
    const base = shippedContent as Loose;
    const fields = recognitionFields(base);
    const last = base.recognitions.length - 1;
    assert.equal(readSectionForm(base, section('about'), fields, 'up:recognitions.0').focus, undefined);
    assert.equal(readSectionForm(base, section('about'), fields, `down:recognitions.${last}`).focus, undefined);
    const full = edited(
      'recognitions',
      Array.from({ length: 9 }, () => base.recognitions[0]),
    );
    const fullFields = recognitionFields(full as Loose);
    const notAdded = readSectionForm(full, section('about'), fullFields, 'add:recognitions');
    assert.equal((notAdded.content as Loose).recognitions.length, 9, 'at most 9 recognitions');
    const elsewhere = readSectionForm(base, section('about'), fields, 'remove:services.0');
    assert.equal((elsewhere.content as Loose).services.length, base.services.length);
  });

  it('clears the photo with its button', () => {
    const draft = edited('hero.photo', { id: 'abc123', alt: { en: 'Alt' } });
    const { content, focus } = readSectionForm(draft, section('hero'), { 'hero.photo.alt': 'Alt' }, 'clear:hero.photo');
    assert.equal((content as Loose).hero.photo, null);
    assert.equal(focus, 'hero', 'the page shows the hero after');
  });

  it('leaves the draft it was given unchanged', () => {
    const draft = structuredClone(shippedContent);
    readSectionForm(draft, section('footer'), { 'footer.title': 'Changed' });
    assert.deepEqual(draft, shippedContent);
  });
});
