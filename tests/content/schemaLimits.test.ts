/**
 * The length of every text field: its limit accepted, one character more refused with the
 * field's name. The limits keep the layout intact at 375 and 1440 px; the issue fixes three of
 * them (a service's title 40, its description 240, the headline 90).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertAccepted, edited, errorsOf } from '../support/contentEdits';

const limits: [path: string, max: number, field: string][] = [
  ['page.title', 70, 'Page: the title'],
  ['page.description', 200, 'Page: the description'],
  ['hero.eyebrow', 40, 'Hero: the line above the headline'],
  ['hero.headline', 90, 'Hero: the headline'],
  ['hero.intro', 240, 'Hero: the introduction'],
  ['hero.stats.1.value', 10, 'Hero, statistic 2: the figure'],
  ['hero.stats.0.label', 40, 'Hero, statistic 1: the label'],
  ['hero.gmvClaim.value', 10, "Hero: the GMV claim's figure"],
  ['hero.gmvClaim.label', 60, "Hero: the GMV claim's label"],
  ['hero.markets.3', 30, 'Hero, market 4: the text'],
  ['hero.linkedinLabel', 40, "Hero: the LinkedIn button's label"],
  ['servicesSection.eyebrow', 30, 'Services section: the label above the heading'],
  ['servicesSection.heading', 60, 'Services section: the heading'],
  ['servicesSection.intro', 240, 'Services section: the introduction'],
  ['services.2.title', 40, 'Service 3: the title'],
  ['services.4.description', 240, 'Service 5: the description'],
  ['about.eyebrow', 30, 'About: the label above the heading'],
  ['about.heading', 60, 'About: the heading'],
  ['about.journey.1', 700, 'About, paragraph 2: the text'],
  ['about.conferencesHeading', 40, 'About: the heading of the talks'],
  ['about.recognitionHeading', 40, 'About: the heading of the recognitions'],
  ['conferences.0.name', 60, 'Conference 1: the name'],
  ['conferences.4.location', 60, 'Conference 5: the place'],
  ['conferences.2.description', 200, 'Conference 3: the description'],
  ['recognitions.2.title', 40, 'Recognition 3: the title'],
  ['recognitions.0.subtitle', 120, 'Recognition 1: the subtitle'],
  ['publicationsSection.eyebrow', 30, 'Publications section: the label above the heading'],
  ['publicationsSection.heading', 60, 'Publications section: the heading'],
  ['publicationsSection.intro', 240, 'Publications section: the introduction'],
  ['publications.1.title', 120, 'Publication 2: the title'],
  ['publications.5.media', 40, 'Publication 6: the outlet'],
  ['video.eyebrow', 30, 'Video: the label above the heading'],
  ['video.heading', 60, 'Video: the heading'],
  ['video.intro', 240, 'Video: the introduction'],
  ['video.caption', 80, 'Video: the caption'],
  ['video.thumbnailAlt', 150, "Video: the thumbnail's alt text"],
  ['contact.eyebrow', 30, 'Contact: the label above the heading'],
  ['contact.heading', 60, 'Contact: the heading'],
  ['contact.subline', 240, 'Contact: the line under the heading'],
  ['contact.formIntro', 160, "Contact: the form's introduction"],
  ['contact.panelTitle', 40, "Contact: the panel's title"],
  ['contact.panelSubtitle', 80, "Contact: the panel's subtitle"],
  ['contact.messengerLabel', 40, "Contact: the messenger button's label"],
  ['contact.networkLabel', 40, "Contact: the LinkedIn button's label"],
  ['footer.title', 80, 'Footer: the title'],
];

describe('the length of each text', () => {
  for (const [path, max, field] of limits) {
    it(`${path}: at most ${max}`, () => {
      assertAccepted(edited(`${path}.en`, 'x'.repeat(max)));
      assert.deepEqual(errorsOf(edited(`${path}.en`, 'x'.repeat(max + 1))), [
        { path: `${path}.en`, message: `${field} is ${max + 1} characters; at most ${max}` },
      ]);
    });
  }

  it("the photo's alt text: at most 150", () => {
    const photo = (alt: string) => edited('hero.photo', { id: 'p1', alt: { en: alt } });
    assertAccepted(photo('x'.repeat(150)));
    assert.deepEqual(errorsOf(photo('x'.repeat(151))), [
      { path: 'hero.photo.alt.en', message: "Hero: the photo's alt text is 151 characters; at most 150" },
    ]);
  });
});
