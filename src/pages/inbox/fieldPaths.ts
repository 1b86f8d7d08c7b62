/**
 * How the editor's pages name a field's input and link to it: an error, a missing translation and
 * the form all derive the same id from the field's path, so a link always lands on its input.
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { sectionOfPath } from '../../content/editor';
import type { ContentError } from '../../content/schema';
import { isRecord } from '../../content/records';

/** The id of a field's input, from its path: `services.2.title` → `f-services-2-title`. */
export const fieldId = (path: string) => `f-${path.replaceAll('.', '-')}`;

/** The field an error belongs to: its path without the language (`services.2.title.en` → `services.2.title`). */
export const fieldPathOf = (errorPath: string) => errorPath.replace(/\.(en|pt|es)$/, '');

/**
 * The input a path with its language names: a text's English input is the field's own
 * (`f-services-2-title`), its Portuguese and Spanish have the language after it (`f-services-2-title-pt`).
 */
export const inputIdOf = (path: string) => fieldId(path.replace(/\.en$/, ''));

/** The link to an input from another page: its section's form, scrolled to it. */
export function inputLink(path: string): string {
  const section = sectionOfPath(path);
  return section ? `${INBOX_PATHS.content}/${section.key}#${inputIdOf(path)}` : INBOX_PATHS.content;
}

export interface FieldsContext {
  errors: ContentError[];
  /** The stored draft after a refused stale save. */
  stale?: unknown;
  images?: Record<string, string>;
}

/** One step into a draft of any shape. */
export const at = (value: unknown, key: string | number): unknown =>
  Array.isArray(value) ? value[key as number] : isRecord(value) ? value[key] : undefined;

/** The value at a dotted path of a draft. */
export const valueAt = (content: unknown, path: string): unknown => path.split('.').reduce<unknown>(at, content);
