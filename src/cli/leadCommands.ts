/**
 * The commands about leads themselves: list, export, the spam quarantine, releasing a lead the filter
 * held back, and a person's data and erasure. What changes or hands out data goes through the owner's
 * actions, as in the inbox, so it shows in his activity as done from the command line.
 */
import { alwaysPlanned } from '../alerts/channels';
import { exportColumns, toCsv, toJson } from '../leads/leadExport';
import { channelNames, leadRecords } from '../leads/leadRecords';
import { CLI } from '../ownerActions/activity';
import { toTable } from './formatLeads';
import { CommandError, leadIdArgument, parsePositiveInt, parseSince, UsageError, writePrivateFile } from './cliArgs';
import type { Command } from './command';
import { runDueAlerts } from './runAlerts';

export const list: Command = {
  run({ options, services, print }) {
    const opened = services();
    const rows = leadRecords(opened.leads.recent(parsePositiveInt('--limit', options.limit, 20) as number), opened);
    // The owner's own alerts, which every lead is planned on: whether they reached him.
    const alerts = alwaysPlanned(opened.channels).map((ch) => `${ch}_status`);
    const columns = [
      ...['id', 'created_at', 'name', 'company', 'email', 'language', 'status', 'verdict'],
      ...alerts,
      'verdict_reasons',
    ];
    print(toTable(rows, columns));
  },
};

/** The address of `--email`, required by the privacy commands. */
function emailOption(command: string, email: string | undefined): string {
  if (!email?.includes('@')) throw new UsageError(`${command} --email needs an e-mail address (got "${email ?? ''}")`);
  return email;
}

export const exportLeads: Command = {
  run(context) {
    if (context.options.email !== undefined) return exportPerson.run(context);
    const { options, services, print, note } = context;
    const format = options.format ?? 'csv';
    if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json (got "${format}")`);
    const opened = services();
    const rows = opened.owner.leads.exportLeads(CLI, parseSince(options.since));
    const columns = exportColumns(channelNames(opened));
    const text = format === 'csv' ? toCsv(rows, columns) : toJson(rows, columns);
    if (!options.output) return print(text);
    writePrivateFile(options.output, text, options.force === true);
    note(`wrote ${rows.length} leads to ${options.output}`);
  },
};

export const spam: Command = {
  run({ options, services, print }) {
    const rows = services().owner.reads.spam(parsePositiveInt('--limit', options.limit, 20) as number);
    print(toTable(rows, ['id', 'created_at', 'name', 'company', 'email', 'verdict_reasons']));
  },
};

export const release: Command = {
  async run({ positionals, services, print }) {
    const id = leadIdArgument('release', positionals[0]);
    const leads = services(true);
    const released = leads.owner.leads.release(CLI, id);
    if (!released) throw new CommandError(`No lead with id ${id}.`);
    const verdict = released.previous === 'verified' ? 'verified already' : `was ${released.previous}, now verified`;
    print(`lead ${id}: ${verdict}\n`);
    print(`queued: ${released.added.length > 0 ? released.added.join(', ') : 'nothing (no alert was missing)'}\n`);
    if (released.added.length === 0) return;
    const { notConfigured } = await runDueAlerts(leads);
    const alerts = leads.queue.ofLeads([id]).map((a) => `${a.channel} ${a.status}`);
    print(`alerts of lead ${id} now: ${alerts.join(', ')}\n`);
    if (notConfigured.length > 0)
      print(`not configured here (alerts stay queued for the server): ${notConfigured.join(', ')}\n`);
  },
};

/** `export --email ADDRESS`: everything stored about one person, as JSON (a subject access request). */
const exportPerson: Command = {
  run({ options, services, print, note }) {
    const email = emailOption('export', options.email);
    if (options.format !== undefined && options.format !== 'json')
      throw new UsageError('export --email writes JSON only: leave out --format or use --format json');
    const text = `${JSON.stringify(services().owner.leads.exportPerson(CLI, { email }), null, 2)}\n`;
    if (!options.output) return print(text);
    writePrivateFile(options.output, text, options.force === true);
    note(`wrote the data of ${email} to ${options.output}`);
  },
};

/**
 * `erase --email ADDRESS`: deletes that person's leads with their alerts, marks and sources; logs it without the
 * address.
 */
export const erase: Command = {
  async run({ options, services, print, note, log }) {
    const email = emailOption('erase', options.email);
    const erased = await services(true).owner.leads.erasePerson(CLI, email);
    print(`erased ${erased.leads} leads, ${erased.alerts} alerts and ${erased.marks} marks of that address\n`);
    for (const call of erased.calls)
      (call.ownerTold ? print : note)(
        call.ownerTold
          ? `cancelled their call of ${call.startsAt}: your calendar got the cancellation\n`
          : `cancelled their call of ${call.startsAt}, but the cancellation could not be sent: remove it from your calendar`,
      );
    log.info({ leads: erased.leads, alerts: erased.alerts, marks: erased.marks }, "erased a person's leads on request");
    if (!erased.logEmptied) {
      throw new CommandError(
        'The rows are deleted, but another process kept the write-ahead log from being emptied: run the same command again.',
      );
    }
    if (erased.spellingsLeft > 0) {
      throw new CommandError(
        `The rows are deleted, but the address is still in the database file, even after VACUUM (${erased.spellingsLeft} spelling(s)): ` +
          "another lead's name or company may quote it; find it with the sqlite3 shell and erase that lead too.",
      );
    }
  },
};
