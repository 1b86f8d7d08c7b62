/** What changed between two versions of the content, as the history lists it. */

import { isRecord } from './records';

/** The dotted paths (`services.2.title.en`) where `after` differs from `before`; a list item added or removed is its path. */
export function changedPaths(before: unknown, after: unknown, at = ''): string[] {
  const here = at === '' ? [] : [at];
  const inner = (key: string | number) => (at === '' ? String(key) : `${at}.${key}`);
  // An item or field on one side only is undefined on the other, which no value of stored content is: its path.
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => changedPaths(before[i], after[i], inner(i))).flat();
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedPaths(before[key], after[key], inner(key)));
  }
  return Object.is(before, after) ? [] : here;
}
