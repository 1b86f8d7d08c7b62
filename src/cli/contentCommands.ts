/**
 * The page's content from the shell, for operators and for those who keep it in git:
 * `content export [--file F] [--draft]` writes the published content (or the draft) as YAML;
 * `content import F [--publish]` stores a file as the draft (and publishes it), refused whole when it
 * fails the schema; `content publish` publishes the stored draft; `content history` lists the
 * revisions; `content restore N` copies revision N into the draft. Export then import gives back the
 * same content byte for byte.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ContentError } from '../content/schema';
import { CLI } from '../ownerActions/activity';
import type { PublishOutcome } from '../ownerActions/contentActions';
import { offeredSentence } from '../ownerActions/contentLanguages';
import { CommandError, parsePositiveInt, UsageError } from './cliArgs';
import { type CliContext, type Command, groupOf } from './command';
import { alignColumns } from './formatLeads';

const when = (time: string) => time.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');

const listed = (errors: readonly ContentError[]) =>
  errors.map((e) => `  ${e.path || '(the file)'}: ${e.message}`).join('\n');

function invalid(what: string, errors: readonly ContentError[]): CommandError {
  const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
  return new CommandError(`${what} (${count}):\n${listed(errors)}`);
}

/** What a publish did, in a line; throws when the draft fails the schema. */
function published(outcome: PublishOutcome): string {
  if (outcome.kind === 'invalid')
    throw invalid('The draft does not satisfy the schema; nothing was published', outcome.errors);
  if (outcome.kind === 'unchanged')
    return `Nothing to publish: the draft is the published content (revision ${outcome.revision}).\n`;
  const fields = outcome.changed.length === 1 ? '1 field' : `${outcome.changed.length} fields`;
  return `Published revision ${outcome.revision} (${fields} changed): the page shows it within seconds. ${offeredSentence(outcome)}\n`;
}

function exportContent({ options, services, print, note }: CliContext) {
  const yaml = services().content.exportYaml({ draft: options.draft ?? false });
  if (options.file === undefined) return print(yaml);
  writeFileSync(options.file, yaml);
  note(`The ${options.draft ? 'draft' : 'published content'} is in ${options.file}.`);
}

function importContent({ options, positionals, services, print }: CliContext) {
  const file = positionals[1];
  if (file === undefined) throw new UsageError('content import needs a file: leads content import content.yaml');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CommandError(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const outcome = services().content.importYaml(CLI, text, { publish: options.publish ?? false });
  if (outcome.kind === 'invalid') throw invalid(`${file} was refused; nothing was stored`, outcome.errors);
  print(`Stored ${file} as the draft (version ${outcome.version}).\n`);
  if (outcome.published) print(published(outcome.published));
}

function history({ services, print }: CliContext) {
  const rows = services().content.history();
  const lines = rows.map((row) => [
    String(row.revision),
    when(row.publishedAt),
    row.publishedBy,
    row.changed.length === 0 ? '-' : row.changed.join(', '),
  ]);
  print(alignColumns([['revision', 'published', 'by', 'changed'], ...lines]));
}

function restore({ positionals, services, print }: CliContext) {
  if (positionals[1] === undefined) throw new UsageError('content restore needs a revision: leads content restore 3');
  const revision = parsePositiveInt('The revision', positionals[1]) as number;
  const saved = services().content.restore(CLI, revision);
  if (!saved) throw new CommandError(`There is no revision ${revision}: see leads content history.`);
  if (saved.kind === 'stale') throw new CommandError('The draft changed meanwhile; run the command again.');
  print(`Revision ${revision} is the draft now (version ${saved.version}); publish it with leads content publish.\n`);
}

const SUBCOMMANDS: Record<string, (context: CliContext) => void> = {
  export: exportContent,
  import: importContent,
  publish: ({ services, print }) => print(published(services().content.publish(CLI))),
  history,
  restore,
};

export const content: Command = groupOf('content', SUBCOMMANDS, 'export, import, publish, history or restore');
