/**
 * His availability from the shell: `booking show` prints each key and value, one per line (the feed's address
 * masked after its host); `booking set KEY VALUE` changes one key through the same action as the inbox's Booking
 * page. A bad key or value exits 1 with a line naming the key and the form it takes, and changes nothing.
 */
import { CLI } from '../ownerActions/activity';
import { CommandError, UsageError } from './cliArgs';
import { type CliContext, type Command, groupOf } from './command';

function show({ services, print }: CliContext) {
  print(`${services().owner.booking.lines().join('\n')}\n`);
}

function set({ positionals, services, print }: CliContext) {
  const [, key, ...words] = positionals;
  if (key === undefined || words.length === 0)
    throw new UsageError('booking set needs a key and a value: leads booking set length 30');
  const change = services().owner.booking.set(CLI, key, words.join(' '));
  if (change.kind === 'invalid') throw new CommandError(change.error);
  print(`${change.line}\n${change.notice ? `${change.notice}\n` : ''}`);
}

export const booking: Command = groupOf('booking', { show, set }, 'show, or set KEY VALUE');
