/** The editor's sections cover the whole content once, and its fields follow the schema's kinds and limits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shippedContent } from '../../src/content/defaults';
import { EDITOR_SECTIONS, fieldLabel, nodeAt, partNode, sectionOfPath, textName } from '../../src/content/editor';

describe("the editor's sections", () => {
  it('edit every part of the content, each in one section', () => {
    const parts = EDITOR_SECTIONS.flatMap((section) => [...section.parts]).sort();
    assert.deepEqual(parts, Object.keys(shippedContent).sort());
  });

  it('find the section of an error by its path', () => {
    assert.equal(sectionOfPath('conferences.3.year')?.key, 'about');
    assert.equal(sectionOfPath('servicesSection.heading.en')?.key, 'services');
    assert.equal(sectionOfPath('nothing.here'), undefined);
  });

  it("read each field's kind and limits from the schema", () => {
    const services = partNode('services');
    assert.equal(services.kind, 'list');
    assert.ok(services.kind === 'list');
    assert.deepEqual([services.min, services.max], [3, 9]);
    assert.ok(services.item.kind === 'group');
    const title = services.item.children.find((child) => child.key === 'title');
    assert.deepEqual(title, {
      kind: 'leaf',
      key: 'title',
      nullable: false,
      info: { kind: 'text', label: 'the title', limits: { max: 40 } },
    });
    const icon = services.item.children.find((child) => child.key === 'icon');
    assert.ok(icon?.kind === 'leaf' && icon.info.kind === 'choice');
    const hero = partNode('hero');
    assert.ok(hero.kind === 'group');
    const photo = hero.children.find((child) => child.key === 'photo');
    assert.ok(photo?.kind === 'group' && photo.nullable, 'the photo may be empty');
  });

  it("name a text by its path as the schema's errors do", () => {
    assert.equal(textName('services.2.title'), 'Service 3: the title');
    assert.equal(textName('hero.markets.3'), 'Hero, market 4: the text');
    assert.equal(textName('hero.photo.alt'), "Hero: the photo's alt text");
    assert.equal(textName('about.journey.0'), 'About, paragraph 1: the text');
    assert.equal(textName('services.2'), 'services.2', 'an item is no text: its path');
    assert.equal(nodeAt('services.x.title'), undefined);
    assert.equal(nodeAt('nothing.here'), undefined);
    // An item's number is digits only: a path from a forged form is no field.
    for (const path of ['services.2x.title', 'services.x2.title', 'hero.markets.1.0', 'services.2.title.x'])
      assert.equal(nodeAt(path), undefined, path);
    assert.equal(textName('services.2x.title'), 'services.2x.title');
    assert.equal(textName('services.12.title'), 'Service 13: the title', 'numbers of two digits');
  });

  it('name a field by its label', () => {
    assert.equal(fieldLabel("the GMV claim's figure"), "GMV claim's figure");
    assert.equal(fieldLabel('the title'), 'Title');
    assert.equal(fieldLabel("the photo's alt text"), "Photo's alt text");
    assert.equal(fieldLabel('where the theme goes'), 'Where the theme goes', 'only a leading "the " goes');
  });
});
