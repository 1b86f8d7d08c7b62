/**
 * The operator's command-line tool for the leads database. Runs on the host
 * (npm run leads -- <command>) and in the container
 * (docker exec <container> node dist/cli.js <command>), reading the same
 * environment as the server, so it finds the same database.
 */
import { existsSync, lstatSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { alertStatusCounts, undeliveredLeads, withAlerts } from './cli/leadReports';
import { toCsv, toJson, toTable } from './cli/formatLeads';
import { retryFailedAlerts } from './cli/retryFailedAlerts';
import { openLeadPipeline } from './leads/leadPipeline';
import { createLogger } from './logger';

const USAGE = `Usage: leads <command> [options]

Commands:
  list [--limit N]                          the N most recent leads (default 20)
  export [--format csv|json] [--since DATE] all leads (or those since DATE, e.g. 2026-01-31
         [--output FILE] [--force]          or 2026-01-31T09:00:00Z) as CSV (default) or JSON
  status                                    alert counts per channel and status, and the
                                            leads whose alerts are pending or failed
  retry [--id N]                            send failed alerts again now (all, or one lead's)
  backup FILE [--force]                     a consistent copy of the live database in FILE
                                            (--force replaces an existing file or link)

The database is DATABASE_PATH (default data/leads.db), as for the server.`;

class UsageError extends Error {}

/**
 * Makes room for an output file: refuses an existing file or link (a symbolic link could point
 * anywhere, and its target would be overwritten) unless --force, which removes the file or the
 * link itself, never what a link points to.
 */
function clearOutputPath(path: string, force: boolean): void {
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (!existing) return;
  const what = existing.isSymbolicLink() ? 'is a symbolic link' : 'exists already';
  if (!force) throw new UsageError(`${path} ${what}; choose another name or add --force`);
  if (existing.isDirectory()) throw new UsageError(`${path} is a directory`);
  unlinkSync(path);
}

function parseSince(value: string | undefined): string {
  if (value === undefined) return '0000';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--since must be a date like 2026-01-31 or 2026-01-31T09:00:00Z (got "${value}")`);
  return date.toISOString();
}

function parsePositiveInt(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${name} must be a whole number of at least 1 (got "${value}")`);
  return Number(value);
}

async function main(argv: string[]): Promise<void> {
  // Exports and backups hold personal data: readable by this user only, like the database.
  process.umask(0o077);
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { limit: { type: 'string' }, format: { type: 'string' }, since: { type: 'string' }, output: { type: 'string' }, id: { type: 'string' }, force: { type: 'boolean' } },
  });
  const config = loadConfig();
  if (!existsSync(config.databasePath)) throw new UsageError(`No database at ${resolve(config.databasePath)}: check DATABASE_PATH.`);
  // Only `retry` talks to the providers; the other commands print data on stdout, where log lines would mix in.
  const pipeline = openLeadPipeline(config, createLogger({ ...config, logLevel: command === 'retry' ? 'warn' : 'silent' }));
  const { db, leads, queue } = pipeline;
  try {
    switch (command) {
      case 'list': {
        const rows = withAlerts(leads.recent(parsePositiveInt('--limit', values.limit, 20) as number), queue);
        process.stdout.write(toTable(rows, ['id', 'created_at', 'name', 'company', 'email', 'sms_status', 'email_status']));
        return;
      }
      case 'export': {
        const format = values.format ?? 'csv';
        if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json (got "${format}")`);
        const rows = withAlerts(leads.since(parseSince(values.since)), queue);
        const text = format === 'csv' ? toCsv(rows) : toJson(rows);
        if (values.output) {
          clearOutputPath(values.output, values.force === true);
          writeFileSync(values.output, text, { mode: 0o600, flag: 'wx' }); // wx: never through a file or link that appeared meanwhile
          console.error(`wrote ${rows.length} leads to ${values.output}`);
        } else process.stdout.write(text);
        return;
      }
      case 'status': {
        process.stdout.write(toTable(alertStatusCounts(queue), ['channel', 'status', 'count']));
        const open = undeliveredLeads(leads, queue);
        if (open.length > 0) {
          process.stdout.write(`\nLeads with an alert pending or failed:\n`);
          process.stdout.write(toTable(open, ['id', 'created_at', 'sms_status', 'sms_attempts', 'sms_last_error', 'email_status', 'email_attempts', 'email_last_error'], 40));
        }
        return;
      }
      case 'retry': {
        const leadId = parsePositiveInt('--id', values.id);
        const report = await retryFailedAlerts(pipeline, new Date(), leadId);
        const perChannel = (counts: Record<string, number>) => Object.entries(counts).map(([ch, n]) => `${ch} ${n}`).join(', ');
        console.log(`requeued: ${perChannel(report.requeued)}`);
        console.log(`sent now: ${perChannel(report.sent)}`);
        console.log(`still pending or failed: ${perChannel(report.stillUndelivered)}`);
        if (report.notConfigured.length > 0) console.log(`not configured here (alerts stay queued): ${report.notConfigured.join(', ')}`);
        return;
      }
      case 'backup': {
        const target = positionals[0];
        if (!target) throw new UsageError('backup needs a file name: leads backup /path/to/backup.db');
        clearOutputPath(target, values.force === true);
        const started = Date.now();
        await db.backup(target);
        console.log(`backed up ${resolve(config.databasePath)} to ${resolve(target)} in ${Date.now() - started} ms`);
        return;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } finally {
    await pipeline.close(0);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError) for (const p of err.problems) console.error(`Configuration error: ${p}`);
  else if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`${err.message}\n\n${USAGE}`);
  } else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
