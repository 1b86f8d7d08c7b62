/**
 * The content as the editor's forms see it: the sections a phone shows one at a time, and each
 * part's fields read from the schema (kind, label, limits), so a new field or limit in the schema
 * reaches the form without a word here. Paths are the schema's (`services.2.title`): a text's
 * English input is named by its path, its other languages by the path and the language
 * (`services.2.title.pt`), as the schema's errors name them.
 */
import { z } from 'zod';
import { type FieldInfo, fieldInfo } from './fields';
import { contentSchema, where } from './schema';

export type Part = keyof typeof contentSchema.shape;

/** The editor's sections, in the page's order; each edits one or more parts of the content. */
export const EDITOR_SECTIONS = [
  { key: 'page', title: 'Title and description', parts: ['page'] },
  { key: 'hero', title: 'Hero', parts: ['hero'] },
  { key: 'services', title: 'Services', parts: ['servicesSection', 'services'] },
  { key: 'about', title: 'About', parts: ['about', 'conferences', 'recognitions'] },
  { key: 'publications', title: 'Publications', parts: ['publicationsSection', 'publications'] },
  { key: 'video', title: 'Video', parts: ['video'] },
  { key: 'contact', title: 'Contact', parts: ['contact'] },
  { key: 'footer', title: 'Footer', parts: ['footer'] },
] as const satisfies readonly { key: string; title: string; parts: readonly Part[] }[];

export type EditorSection = (typeof EDITOR_SECTIONS)[number];

export const editorSection = (key: string): EditorSection | undefined =>
  EDITOR_SECTIONS.find((section) => section.key === key);

/** The section a field's path (or an error's) belongs to. */
export const sectionOfPath = (path: string): EditorSection | undefined => {
  const part = path.split('.')[0];
  return EDITOR_SECTIONS.find((section) => (section.parts as readonly string[]).includes(part ?? ''));
};

export type LeafInfo = Exclude<FieldInfo, { kind: 'list' } | { kind: 'group' }>;

/** A field of a form: one input, a group of fields, or a list of items alike. */
export type FormNode =
  | { kind: 'leaf'; key: string; nullable: boolean; info: LeafInfo }
  | { kind: 'group'; key: string; label?: string; nullable: boolean; children: FormNode[] }
  | { kind: 'list'; key: string; min: number; max: number; item: FormNode };

/** The schema inside a nullable or defaulted field, and whether it may be null. */
function unwrapped(schema: z.ZodType): { inner: z.ZodType; nullable: boolean } {
  let inner = schema;
  let nullable = false;
  for (;;) {
    if (inner instanceof z.ZodNullable) nullable = true;
    else if (!(inner instanceof z.ZodDefault) && !(inner instanceof z.ZodOptional)) return { inner, nullable };
    inner = (inner as z.ZodNullable<z.ZodType>).unwrap();
  }
}

function nodeOf(key: string, schema: z.ZodType): FormNode {
  const { inner, nullable } = unwrapped(schema);
  const info = fieldInfo(inner);
  if (!info) throw new Error(`the content's field "${key}" was not made by src/content/fields.ts`);
  if (info.kind === 'list')
    return {
      kind: 'list',
      key,
      min: info.min,
      max: info.max,
      item: nodeOf('', (inner as z.ZodArray<z.ZodType>).element),
    };
  if (info.kind === 'group') {
    const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
    const children = Object.entries(shape).map(([child, field]) => nodeOf(child, field));
    return { kind: 'group', key, label: info.label, nullable, children };
  }
  return { kind: 'leaf', key, nullable, info };
}

const parts = new Map<string, FormNode>(
  Object.entries(contentSchema.shape).map(([key, schema]) => [key, nodeOf(key, schema as z.ZodType)]),
);

/** The fields of one part of the content (`hero`, `services`). */
export function partNode(part: Part): FormNode {
  const node = parts.get(part);
  if (!node) throw new Error(`no part "${part}" in the content`);
  return node;
}

/** The field at a path of the content (`services.2.title`, `hero.markets.3`); undefined when there is none. */
export function nodeAt(path: string): FormNode | undefined {
  const [part = '', ...steps] = path.split('.');
  let node = parts.get(part);
  for (const step of steps) {
    if (node?.kind === 'list') node = /^\d+$/.test(step) ? node.item : undefined;
    else if (node?.kind === 'group') node = node.children.find((child) => child.key === step);
    else return undefined;
  }
  return node;
}

/** A text's name as the schema's errors give it ("Service 3: the title"), from its path; the path when it names no text. */
export function textName(path: string): string {
  const node = nodeAt(path);
  if (node?.kind !== 'leaf') return path;
  const steps = path.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step));
  return `${where(steps)}: ${node.info.label}`;
}

/** A path one level down: `services` and 2 give `services.2`. */
export const pathOf = (at: string, key: string | number) => (at === '' ? String(key) : `${at}.${key}`);

/** "the GMV claim's figure" → "GMV claim's figure": a label for a field, from the schema's words. */
export function fieldLabel(label: string): string {
  const bare = label.replace(/^the /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
