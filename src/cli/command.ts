/** The shape of a CLI command: what it is given and what it does. */
import type { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { Services } from '../services/services';
import type { Logger } from '../lib/logger';
import { UsageError } from './cliArgs';

/** The options parseArgs reads for every command; each command looks at those it takes. */
export const CLI_OPTIONS = {
  limit: { type: 'string' },
  format: { type: 'string' },
  since: { type: 'string' },
  output: { type: 'string' },
  id: { type: 'string' },
  email: { type: 'string' },
  days: { type: 'string' },
  force: { type: 'boolean' },
  all: { type: 'boolean' },
  file: { type: 'string' },
  draft: { type: 'boolean' },
  publish: { type: 'boolean' },
} as const;

export interface CliContext {
  config: Config;
  options: ReturnType<typeof parseArgs<{ options: typeof CLI_OPTIONS }>>['values'];
  positionals: string[];
  /**
   * The lead services on the configured database, which must exist. `logAlerts`: log warnings
   * of alert delivery to stderr (commands that send); the others print data on stdout, where
   * log lines would mix in. Closed after the command.
   */
  services(logAlerts?: boolean): Services;
  /** Data the command prints (stdout). */
  print(text: string): void;
  /** What the operator should know besides (stderr). */
  note(text: string): void;
  /** The log (JSON lines on stderr, at LOG_LEVEL), for what must be on record. */
  log: Logger;
}

export interface Command {
  run(context: CliContext): Promise<void> | void;
}

/**
 * A command of several (`content export`, `booking set`): the first positional picks one; none or an unknown one
 * is a usage error that lists them (`choices`: "show, or set KEY VALUE").
 */
export function groupOf(
  group: string,
  subcommands: Record<string, (context: CliContext) => void>,
  choices: string,
): Command {
  return {
    run(context) {
      const name = context.positionals[0];
      const sub = name !== undefined && Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
      if (!sub)
        throw new UsageError(
          name === undefined
            ? `${group} needs what to do: ${choices}.`
            : `Unknown ${group} command "${name}": ${choices}.`,
        );
      sub(context);
    },
  };
}
