/**
 * A section's form back into the content: what was typed replaces the draft's values of that
 * section's parts, as typed (line breaks as LF; a year that is not a number stays as typed so its
 * error can say so), keeping what the form does not show (a language it has no input for, the
 * photo's file). A text's English is sent under its path, its Portuguese and Spanish under the path
 * and the language (`hero.headline.pt`). Then the list action of the button pressed: add an item,
 * remove one, move one up or down, or clear an optional field (the photo).
 */
import { type EditorSection, type FormNode, type Part, partNode, pathOf } from './editor';
import { languages } from './fields';
import { isRecord } from './records';

export type FormFields = Record<string, string>;

/** A browser sends CR LF between lines; the page and the schema count LF only. */
const lines = (typed: string) => typed.replace(/\r\n?/g, '\n');

/**
 * A text as typed: the English as it is (required: the schema names it when blank), another
 * language only when it holds something (a blank one is missing, and its page is not offered until
 * it is filled in), and a language the form sent no input for kept as it was.
 */
function textValue(english: string, fields: FormFields, at: string, old: unknown): Record<string, string> {
  const was = isRecord(old) ? old : {};
  const value: Record<string, string> = { en: lines(english) };
  // The languages in their own order (a diff of the YAML export stays small), then any other the draft held.
  const others = new Set<string>([...languages, ...Object.keys(was)]);
  others.delete('en');
  for (const language of others) {
    const typed = (languages as readonly string[]).includes(language) ? fields[`${at}.${language}`] : undefined;
    const text = typed === undefined ? was[language] : lines(typed);
    if (typeof text === 'string' && text.trim() !== '') value[language] = text;
  }
  return value;
}

function leafValue(node: Extract<FormNode, { kind: 'leaf' }>, fields: FormFields, at: string, old: unknown): unknown {
  const typed = fields[at];
  if (typed === undefined || node.info.kind === 'file') return old;
  if (node.info.kind === 'text') return textValue(typed, fields, at, old);
  if (node.info.kind === 'year') return /^\s*\d{1,9}\s*$/.test(typed) ? Number(typed) : typed.trim();
  return node.info.kind === 'url' ? typed.trim() : typed;
}

/** The item numbers the form holds for a list (`services.0.title`, `services.3.icon` → 0, 3). */
function itemNumbers(fields: FormFields, at: string): number[] {
  const numbers = new Set<number>();
  for (const name of Object.keys(fields)) {
    if (!name.startsWith(`${at}.`)) continue;
    const head = name.slice(at.length + 1).split('.')[0] ?? '';
    if (/^\d{1,3}$/.test(head)) numbers.add(Number(head));
  }
  return [...numbers].sort((a, b) => a - b);
}

function read(node: FormNode, at: string, old: unknown, fields: FormFields): unknown {
  if (node.kind === 'leaf') return leafValue(node, fields, at, old);
  if (node.kind === 'list') {
    const items = Array.isArray(old) ? old : [];
    return itemNumbers(fields, at).map((n) => read(node.item, pathOf(at, n), items[n], fields));
  }
  // An optional group (the photo) left empty stays empty: the form shows it only when it holds something.
  if (old === null && node.nullable) return null;
  const value: Record<string, unknown> = isRecord(old) ? { ...old } : {};
  for (const child of node.children) value[child.key] = read(child, pathOf(at, child.key), value[child.key], fields);
  return value;
}

/** What a new item of a list holds: every text empty, the first choice picked. */
export function emptyValue(node: FormNode): unknown {
  if (node.kind === 'list') return [];
  if (node.kind === 'group') return Object.fromEntries(node.children.map((child) => [child.key, emptyValue(child)]));
  if (node.info.kind === 'text') return { en: '' };
  return node.info.kind === 'choice' ? node.info.values[0] : '';
}

/** The node and value at a path of one of the section's parts; undefined when the path is not there. */
function locate(content: Record<string, unknown>, path: string) {
  const [part, ...rest] = path.split('.');
  if (part === undefined) return undefined;
  let node = partNode(part as Part);
  let holder: Record<string, unknown> | unknown[] = content;
  let key: string | number = part;
  for (const step of rest) {
    const value: unknown = (holder as Record<string, unknown>)[key as string];
    if (node.kind === 'list' && Array.isArray(value) && /^\d+$/.test(step) && Number(step) < value.length) {
      [holder, key, node] = [value, Number(step), node.item];
    } else if (node.kind === 'group' && isRecord(value)) {
      const child = node.children.find((c) => c.key === step);
      if (!child) return undefined;
      [holder, key, node] = [value, step, child];
    } else return undefined;
  }
  return { node, holder, key };
}

/** Applies a list action (`add:services`, `remove:services.2`, `up:…`, `down:…`, `clear:hero.photo`); the path to show after. */
export function applyAction(content: Record<string, unknown>, action: string): string | undefined {
  const [verb, path = ''] = action.split(':');
  if (verb === 'add') {
    const found = locate(content, path);
    const list = found && (found.holder as Record<string, unknown>)[found.key as string];
    if (found?.node.kind !== 'list' || !Array.isArray(list) || list.length >= found.node.max) return undefined;
    list.push(emptyValue(found.node.item));
    return pathOf(path, list.length - 1);
  }
  const found = locate(content, path);
  if (!found) return undefined;
  const { holder, key, node } = found;
  if (verb === 'clear' && !Array.isArray(holder) && node.kind !== 'list' && node.nullable) {
    holder[key] = null;
    return path.split('.')[0];
  }
  if (!Array.isArray(holder) || typeof key !== 'number') return undefined;
  const listPath = path.slice(0, path.lastIndexOf('.'));
  if (verb === 'remove') {
    holder.splice(key, 1);
    return listPath;
  }
  const to = verb === 'up' ? key - 1 : verb === 'down' ? key + 1 : -1;
  if (to < 0 || to >= holder.length) return undefined;
  [holder[key], holder[to]] = [holder[to], holder[key]];
  return pathOf(listPath, to);
}

/**
 * The draft with a section's form read into it, and the list action applied; `focus`: the path to
 * show after (the item added or moved). The draft given is not changed.
 */
export function readSectionForm(
  draft: unknown,
  section: EditorSection,
  fields: FormFields,
  action?: string,
): { content: Record<string, unknown>; focus?: string } {
  const content: Record<string, unknown> = isRecord(draft) ? structuredClone(draft) : {};
  for (const part of section.parts) content[part] = read(partNode(part), part, content[part], fields);
  const inSection = action !== undefined && section.parts.some((part) => action.split(':')[1]?.split('.')[0] === part);
  return { content, focus: inSection ? applyAction(content, action) : undefined };
}
