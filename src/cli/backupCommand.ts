/**
 * `leads backup FILE`: a consistent copy of the live database (SQLite's online backup), never over an existing
 * file.
 */
import { resolve } from 'node:path';
import { clearOutputPath, UsageError } from './cliArgs';
import type { Command } from './command';

export const backup: Command = {
  async run({ config, options, positionals, services, print }) {
    const target = positionals[0];
    if (!target) throw new UsageError('backup needs a file name: leads backup /path/to/backup.db');
    clearOutputPath(target, options.force === true);
    const started = Date.now();
    await services().db.backup(target);
    print(`backed up ${resolve(config.databasePath)} to ${resolve(target)} in ${Date.now() - started} ms\n`);
  },
};
