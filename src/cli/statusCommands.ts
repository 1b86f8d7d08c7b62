/**
 * The commands about answering leads: `mark` (new, contacted, won, lost) and
 * `report` (views, leads and reply times per source).
 */
import { LEAD_STATUSES, type LeadStatus } from '../leads/leadsTable';
import { CommandError, leadIdArgument, parsePositiveInt, UsageError } from './cliArgs';
import type { Command } from './command';
import { toTable } from './formatLeads';
import { buildSourceReport, reportRows } from './sourceReport';

const DAY_MS = 86_400_000;

export const mark: Command = {
  run({ positionals, pipeline, print }) {
    const id = leadIdArgument('mark', positionals[0]);
    const status = positionals[1];
    if (!status || !(LEAD_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`mark needs a status: ${LEAD_STATUSES.join(', ')} (e.g. leads mark ${id} contacted)`);
    }
    const outcome = pipeline().marking.mark(id, status as LeadStatus);
    if (outcome.kind !== 'marked') throw new CommandError(`No lead with id ${id}.`);
    const reminders = outcome.remindersCancelled > 0 ? ' (its reminder is cancelled)' : outcome.remindersRearmed > 0 ? ' (its reminder is due again)' : '';
    print(`lead ${id}: ${outcome.previous} -> ${status}${reminders}\n`);
  },
};

export const report: Command = {
  run({ options, pipeline, print }) {
    const days = parsePositiveInt('--days', options.days, 30) as number;
    const format = options.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json (got "${format}")`);
    const { leads, marks, pageViews } = pipeline();
    const to = new Date();
    const since = new Date(to.getTime() - days * DAY_MS).toISOString();
    const result = buildSourceReport({
      from: since.slice(0, 10),
      to: to.toISOString().slice(0, 10),
      days,
      views: pageViews.perSourceSince(since.slice(0, 10)),
      leads: leads.perSourceSince(since),
      replies: marks.firstAnswersSince(since),
    });
    if (format === 'json') return print(`${JSON.stringify(result, null, 2)}\n`);
    print(`Views, leads and reply times per source, ${result.from} to ${result.to} (${days} days)\n\n`);
    print(toTable(reportRows(result), ['source', 'views', 'verified', 'unverified', 'spam', 'conversion', 'median_reply'], 40));
    print(`\nconversion: verified and unverified leads per view; median_reply: arrival to the first mark (leads mark ID contacted).\n`);
  },
};
