/**
 * The owner's way in, from the server's shell: `owner-link` prints a one-time link that registers a passkey (the
 * first one, or one on a new phone after losing the old), `sessions` lists the signed-in browsers, and
 * `sign-out --all` ends every session.
 */
import { CLI } from '../ownerActions/activity';
import { UsageError } from './cliArgs';
import { alignColumns } from './formatLeads';
import type { Command } from './command';

export const ownerLink: Command = {
  run({ services, print, note }) {
    const { url, expiresAt } = services().owner.access.newRegisterLink(CLI);
    note('Open this link on the phone or computer that should hold a passkey for the inbox.');
    note(
      `It works once, until ${expiresAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}; an older link no longer works.`,
    );
    print(`${url}\n`);
  },
};

const when = (time: string) => time.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');

export const sessions: Command = {
  run({ services, print }) {
    const rows = services().owner.reads.sessions();
    if (rows.length === 0) return print('No one is signed in.\n');
    const lines = rows.map((row) => [
      when(row.createdAt),
      when(row.lastSeenAt),
      row.device,
      row.via === 'link' ? 'e-mailed link' : 'passkey',
    ]);
    print(alignColumns([['created', 'last seen', 'device', 'signed in with'], ...lines]));
  },
};

export const signOut: Command = {
  run({ options, services, print }) {
    if (!options.all) throw new UsageError('sign-out needs --all: it ends every session of the inbox.');
    const ended = services().owner.access.endAllSessions(CLI);
    print(`${ended} session${ended === 1 ? '' : 's'} ended: every browser must sign in again.\n`);
  },
};
