/**
 * Everything the page says, as one schema: the editor, the import, the publish step and the tests
 * all read this one. Each limit keeps the layout intact at 375 and 1440 px; each refusal is a
 * sentence naming the field ("Service 3: the title is 52 characters; at most 40") with the field's
 * dotted path (`services.2.title.en`), so the editor can show it beside the field.
 */
import type { z } from 'zod';
import { fileId, group, httpsUrl, list, oneOf, text, year } from './fields';
import { flagCountries, serviceIcons } from './iconsAndFlags';

// The small label above a section's heading, the heading and the paragraph under it.
const eyebrow = text('the label above the heading', { max: 30 });
const heading = text('the heading', { max: 60 });
const intro = text('the introduction', { max: 240 });

export const contentSchema = group({
  page: group({
    title: text('the title', { max: 70 }),
    // Search engines write their own summary in place of a description much shorter than this.
    description: text('the description', { min: 50, max: 200 }),
  }),
  hero: group({
    eyebrow: text('the line above the headline', { max: 40 }),
    headline: text('the headline', { max: 90 }),
    intro,
    stats: list(group({ value: text('the figure', { max: 10 }), label: text('the label', { max: 40 }) }), {
      min: 2,
      max: 2,
    }),
    gmvClaim: group(
      { value: text("the GMV claim's figure", { max: 10 }), label: text("the GMV claim's label", { max: 60 }) },
      'the GMV claim',
    ),
    markets: list(text('the text', { max: 30 }), { min: 1, max: 8 }),
    linkedinLabel: text("the LinkedIn button's label", { max: 40 }),
    // Without a photo the hero shows its illustration.
    photo: group(
      { id: fileId("the photo's file"), alt: text("the photo's alt text", { max: 150 }) },
      'the photo',
    ).nullable(),
  }),
  servicesSection: group({ eyebrow, heading, intro }),
  services: list(
    group({
      title: text('the title', { max: 40 }),
      description: text('the description', { max: 240 }),
      icon: oneOf('the icon', serviceIcons),
    }),
    { min: 3, max: 9 },
  ),
  about: group({
    eyebrow,
    heading,
    journey: list(text('the text', { max: 700 }), { min: 1, max: 6 }),
    conferencesHeading: text('the heading of the talks', { max: 40 }),
    recognitionHeading: text('the heading of the recognitions', { max: 40 }),
  }),
  conferences: list(
    group({
      name: text('the name', { max: 60 }),
      location: text('the place', { max: 60 }),
      year: year('the year'),
      description: text('the description', { max: 200 }),
    }),
    { min: 0, max: 12 },
  ),
  recognitions: list(
    group({
      title: text('the title', { max: 40 }),
      subtitle: text('the subtitle', { max: 120 }),
      year: year('the year'),
    }),
    { min: 0, max: 9 },
  ),
  publicationsSection: group({ eyebrow, heading, intro }),
  publications: list(
    group({
      title: text('the title', { max: 120 }),
      url: httpsUrl('the address', 500),
      country: oneOf('the country', flagCountries),
      media: text('the outlet', { max: 40 }),
    }),
    { min: 0, max: 12 },
  ),
  video: group({
    eyebrow,
    heading,
    intro,
    caption: text('the caption', { max: 80 }),
    thumbnailAlt: text("the thumbnail's alt text", { max: 150 }),
    // An uploaded thumbnail: the page then loads nothing from the video host until the visitor clicks.
    // Null when absent: revisions stored before it existed have no such field.
    thumbnail: fileId("the thumbnail's file").nullable().default(null),
  }),
  contact: group({
    eyebrow,
    heading,
    subline: text('the line under the heading', { max: 240 }),
    formIntro: text("the form's introduction", { max: 160 }),
    panelTitle: text("the panel's title", { max: 40 }),
    panelSubtitle: text("the panel's subtitle", { max: 80 }),
    messengerLabel: text("the messenger button's label", { max: 40 }),
    networkLabel: text("the LinkedIn button's label", { max: 40 }),
  }),
  footer: group({ title: text('the title', { max: 80 }), year: year('the year') }),
});

export type Content = z.output<typeof contentSchema>;
export type LocalizedText = Content['page']['title'];

export interface ContentError {
  path: string;
  message: string;
}

export type ContentCheck = { ok: true; content: Content } | { ok: false; errors: ContentError[] };

// How a person names where a field is: the section, or the list and the item's number from 1 (the editor names its parts the same way).
export const PART_NAMES: Record<string, string> = {
  page: 'Page',
  hero: 'Hero',
  servicesSection: 'Services section',
  services: 'Services',
  about: 'About',
  conferences: 'Conferences',
  recognitions: 'Recognitions',
  publicationsSection: 'Publications section',
  publications: 'Publications',
  video: 'Video',
  contact: 'Contact',
  footer: 'Footer',
};
export const ITEM_NAMES: Record<string, [one: string, all: string]> = {
  services: ['Service', 'Services'],
  conferences: ['Conference', 'Conferences'],
  recognitions: ['Recognition', 'Recognitions'],
  publications: ['Publication', 'Publications'],
  stats: ['statistic', 'statistics'],
  markets: ['market', 'markets'],
  journey: ['paragraph', 'paragraphs'],
};

/** Where a field is, as a person names it: the section, or the item ("Service 3", "Hero, market 4"). */
export function where(path: readonly PropertyKey[]): string {
  const [section, inner, index] = path;
  if (section === undefined) return 'Content';
  const top = String(section);
  const item = ITEM_NAMES[top];
  if (item && typeof inner === 'number') return `${item[0]} ${inner + 1}`;
  const name = PART_NAMES[top] ?? top;
  const nested = typeof inner === 'string' ? ITEM_NAMES[inner] : undefined;
  if (!nested) return name;
  return typeof index === 'number' ? `${name}, ${nested[0]} ${index + 1}` : `${name}, ${nested[1]}`;
}

/** The content when it satisfies the schema, or every problem with its field's path. */
export function validateContent(value: unknown): ContentCheck {
  const result = contentSchema.safeParse(value);
  if (result.success) return { ok: true, content: result.data };
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: `${where(issue.path)}: ${issue.message}`,
  }));
  return { ok: false, errors };
}
