/**
 * The operator's command-line tool for the leads database, on the host (npm run leads -- <command>) or in the
 * container (docker exec <container> node dist/cli.js <command>), reading the same environment as the server, so it
 * finds the same database. Each command is a module of src/cli/; this file parses the call and runs it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openServices, type Services } from './services/services';
import { createLogger } from './lib/logger';
import { retry, status, testAlerts, webhookOn } from './cli/alertCommands';
import { backup } from './cli/backupCommand';
import { CommandError, UsageError } from './cli/cliArgs';
import { CLI_OPTIONS, type CliContext, type Command } from './cli/command';
import { booking } from './cli/bookingCommands';
import { content } from './cli/contentCommands';
import { erase, exportLeads, list, release, spam } from './cli/leadCommands';
import { mark } from './cli/markCommand';
import { ownerLink, sessions, signOut } from './cli/ownerCommands';
import { report } from './cli/reportCommand';

const USAGE = `Usage: leads <command> [options]

Commands:
  list [--limit N]                          the N most recent leads (default 20)
  export [--format csv|json] [--since DATE] all leads (or those since DATE, e.g. 2026-01-31
         [--output FILE] [--force]          or 2026-01-31T09:00:00Z) as CSV (default) or JSON
  export --email ADDRESS [--output FILE]    everything stored about one person, as JSON
  erase --email ADDRESS                     delete that person's leads, alerts and marks for good
  spam [--limit N]                          the N most recent leads held back as spam, with why
  release ID                                make lead ID verified and send the alerts it missed
  mark ID contacted|won|lost|new            record where you stand with lead ID
  report [--days N] [--format text|json]    views, leads and reply times per source and per
                                            language (default 30 days)
  status                                    alert counts per channel and status, SMS delivery
                                            reports, the leads whose alerts are pending or
                                            failed, and what receivers make of the alert mail
  retry [--id N]                            send failed alerts again now (all, or one lead's)
  test-alerts                               send a test on every configured channel (SMS,
                                            e-mail, Telegram, ntfy, webhook) and check the mail
                                            domain's DNS (stores nothing; exit code 0 when every
                                            channel accepted)
  webhook-on                                turn the webhook back on after its endpoint
                                            answered 410 Gone
  backup FILE [--force]                     a consistent copy of the live database in FILE
                                            (--force replaces an existing file or link)
  owner-link                                a one-time link (15 minutes) that registers a
                                            passkey for the owner's inbox at /owner
  sessions                                  the browsers signed in to the inbox
  sign-out --all                            end every session of the inbox
  content export [--file F] [--draft]       the page's published content (or the draft) as YAML
  content import F [--publish]              store the YAML file F as the draft (and publish it);
                                            a file that fails the schema is refused whole
  content publish                           publish the stored draft as a new revision
  content history                           every published revision, newest first
  content restore N                         copy revision N into the draft
  booking show                              the availability for calls booked on the site,
                                            one key and value per line
  booking set KEY VALUE                     change one: enabled (true/false), hours (e.g.
                                            "mon-fri 09:00-17:00; sat 10:00-12:00"), length
                                            (minutes), buffer (minutes), notice (hours), days
                                            (ahead), meeting-url, feed-url (the calendar's
                                            secret ICS address)

The database is DATABASE_PATH (default data/leads.db), as for the server.`;

const COMMANDS: Record<string, Command> = {
  list,
  export: exportLeads,
  spam,
  release,
  mark,
  report,
  erase,
  status,
  retry,
  'test-alerts': testAlerts,
  'webhook-on': webhookOn,
  backup,
  'owner-link': ownerLink,
  sessions,
  'sign-out': signOut,
  content,
  booking,
};

async function main(argv: string[]): Promise<void> {
  // Exports and backups hold personal data: readable by this user only, like the database.
  process.umask(0o077);
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    console.log(USAGE);
    return;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`Unknown command "${name}".`);
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: CLI_OPTIONS });
  const config = loadConfig();
  // The site's services without its pages or HTTP layer: the same assembly the server's createSite opens.
  let opened: Services | undefined;
  const context: CliContext = {
    config,
    options: values,
    positionals,
    services(logAlerts = false) {
      if (opened) return opened;
      if (!existsSync(config.databasePath))
        throw new CommandError(`No database at ${resolve(config.databasePath)}: check DATABASE_PATH.`);
      const logger = createLogger({ ...config, logLevel: logAlerts ? 'warn' : 'silent' }, true);
      // Alerts are sent only when a command runs the runner: one started and left at exit would be sent twice.
      opened = openServices(config, logger, { attemptQueued: false });
      return opened;
    },
    print: (text) => void process.stdout.write(text),
    note: (text) => console.error(text),
    log: createLogger(config, true),
  };
  try {
    await command.run(context);
  } finally {
    await opened?.close(0);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError) for (const p of err.problems) console.error(`Configuration error: ${p}`);
  else if (
    err instanceof UsageError ||
    (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    console.error(`${err.message}\n\n${USAGE}`);
  } else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
