/**
 * What the CLI's commands share: the usage error, the parsing of option values, and writing a file that holds
 * personal data without ever overwriting one or following a link unless told to.
 */
import { lstatSync, unlinkSync, writeFileSync } from 'node:fs';

/** A mistake in how the command was called: printed with the usage text, exit code 1. */
export class UsageError extends Error {}

export function parsePositiveInt(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${name} must be a whole number of at least 1 (got "${value}")`);
  return Number(value);
}

export function parseSince(value: string | undefined): string {
  if (value === undefined) return '0000';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`--since must be a date like 2026-01-31 or 2026-01-31T09:00:00Z (got "${value}")`);
  return date.toISOString();
}

/** The lead id given as the command's argument (`leads release 12`). */
export function leadIdArgument(command: string, value: string | undefined): number {
  if (value === undefined) throw new UsageError(`${command} needs a lead id: leads ${command} 12`);
  return parsePositiveInt('The lead id', value) as number;
}

/**
 * Makes room for an output file: refuses an existing file or link (a symbolic link could point
 * anywhere, and its target would be overwritten) unless --force, which removes the file or the
 * link itself, never what a link points to.
 */
export function clearOutputPath(path: string, force: boolean): void {
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (!existing) return;
  const what = existing.isSymbolicLink() ? 'is a symbolic link' : 'exists already';
  if (!force) throw new UsageError(`${path} ${what}; choose another name or add --force`);
  if (existing.isDirectory()) throw new UsageError(`${path} is a directory`);
  unlinkSync(path);
}

/** Writes personal data readable by this user only; wx: never through a file or link that appeared meanwhile. */
export function writePrivateFile(path: string, text: string, force: boolean): void {
  clearOutputPath(path, force);
  writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
}

/** The command could not do what was asked (no such lead, a channel failed): printed alone, exit code 1. */
export class CommandError extends Error {}
