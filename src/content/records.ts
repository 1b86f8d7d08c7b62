/**
 * A draft is JSON of any shape (what was typed is saved before the schema has a say): the code that
 * walks it asks this before it reads a field.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
