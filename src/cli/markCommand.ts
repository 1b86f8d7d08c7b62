/** `mark ID contacted|won|lost|new`: records where the owner stands with a lead. */
import { LEAD_STATUSES, type LeadStatus } from '../leads/leadStatus';
import { CLI } from '../ownerActions/activity';
import { CommandError, leadIdArgument, UsageError } from './cliArgs';
import type { Command } from './command';

export const mark: Command = {
  run({ positionals, services, print }) {
    const id = leadIdArgument('mark', positionals[0]);
    const status = positionals[1];
    if (!status || !(LEAD_STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`mark needs a status: ${LEAD_STATUSES.join(', ')} (e.g. leads mark ${id} contacted)`);
    }
    const outcome = services().owner.leads.mark(CLI, id, status as LeadStatus);
    if (outcome.kind !== 'marked') throw new CommandError(`No lead with id ${id}.`);
    const reminders =
      outcome.remindersCancelled > 0
        ? ' (its reminder is cancelled)'
        : outcome.remindersRearmed > 0
          ? ' (its reminder is due again)'
          : '';
    print(`lead ${id}: ${outcome.previous} -> ${status}${reminders}\n`);
  },
};
