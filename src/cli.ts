/**
 * The operator's command-line tool for the leads database. Runs on the host
 * (npm run leads -- <command>) and in the container
 * (docker exec <container> node dist/cli.js <command>), reading the same
 * environment as the server, so it finds the same database.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { alertStatusCounts, leadsSince, recentLeads, undeliveredLeads } from './cli/leadReports';
import { toCsv, toJson, toTable } from './cli/formatLeads';
import { retryFailedAlerts } from './cli/retryFailedAlerts';
import { createLogger } from './logger';
import { openDatabase } from './storage/database';

const USAGE = `Usage: leads <command> [options]

Commands:
  list [--limit N]                          the N most recent leads (default 20)
  export [--format csv|json] [--since DATE] all leads (or those since DATE, e.g. 2026-01-31
         [--output FILE]                    or 2026-01-31T09:00:00Z) as CSV (default) or JSON
  status                                    alert counts per channel and status, and the
                                            leads whose alerts are pending or failed
  retry [--id N]                            send failed alerts again now (all, or one lead's)
  backup FILE                               a consistent copy of the live database in FILE

The database is DATABASE_PATH (default data/leads.db), as for the server.`;

class UsageError extends Error {}

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
  const db = openDatabase(config.databasePath);
  try {
    switch (command) {
      case 'list': {
        const rows = recentLeads(db, parsePositiveInt('--limit', values.limit, 20) as number);
        process.stdout.write(toTable(rows, ['id', 'created_at', 'name', 'company', 'email', 'sms_status', 'email_status']));
        return;
      }
      case 'export': {
        const format = values.format ?? 'csv';
        if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json (got "${format}")`);
        const rows = leadsSince(db, parseSince(values.since));
        const text = format === 'csv' ? toCsv(rows) : toJson(rows);
        if (values.output) {
          const { writeFileSync } = await import('node:fs');
          writeFileSync(values.output, text, { mode: 0o600 });
          console.error(`wrote ${rows.length} leads to ${values.output}`);
        } else process.stdout.write(text);
        return;
      }
      case 'status': {
        process.stdout.write(toTable(alertStatusCounts(db), ['channel', 'status', 'count']));
        const open = undeliveredLeads(db);
        if (open.length > 0) {
          process.stdout.write(`\nLeads with an alert pending or failed:\n`);
          process.stdout.write(toTable(open, ['id', 'created_at', 'sms_status', 'sms_attempts', 'sms_last_error', 'email_status', 'email_attempts', 'email_last_error'], 40));
        }
        return;
      }
      case 'retry': {
        const leadId = parsePositiveInt('--id', values.id);
        const report = await retryFailedAlerts(db, config, createLogger({ ...config, logLevel: 'warn' }), leadId);
        console.log(`requeued: sms ${report.requeued.sms}, email ${report.requeued.email}`);
        console.log(`sent now: sms ${report.sent.sms}, email ${report.sent.email}`);
        console.log(`still pending or failed: sms ${report.stillUndelivered.sms}, email ${report.stillUndelivered.email}`);
        if (report.notConfigured.length > 0) console.log(`not configured here (alerts stay queued): ${report.notConfigured.join(', ')}`);
        return;
      }
      case 'backup': {
        const target = positionals[0];
        if (!target) throw new UsageError('backup needs a file name: leads backup /path/to/backup.db');
        if (existsSync(target) && !values.force) throw new UsageError(`${target} exists already; choose another name or add --force`);
        const started = Date.now();
        await db.backup(target);
        console.log(`backed up ${resolve(config.databasePath)} to ${resolve(target)} in ${Date.now() - started} ms`);
        return;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } finally {
    db.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError) for (const p of err.problems) console.error(`Configuration error: ${p}`);
  else if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`${err.message}\n\n${USAGE}`);
  } else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
