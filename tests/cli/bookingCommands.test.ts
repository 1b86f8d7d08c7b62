/**
 * His availability from the shell (`leads booking show|set KEY VALUE`), run as an operator runs it on a real
 * SQLite file: each key and value one per line with the defaults, a change printed and kept (and in the activity),
 * the feed's address masked after its host, and a bad key or value refused with exit code 1, a line naming the key
 * and the form it takes, and nothing changed.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { openServices } from '../../src/services/services';
import { CLI } from '../../src/ownerActions/activity';
import { runCli } from '../support/cli';
import { newLeadRow } from '../support/newLeadRow';
import { testConfig } from '../support/site';
import { tempDir } from '../support/tempDirs';

function database() {
  const path = join(tempDir('booking-cli-'), 'leads.db');
  const services = openServices(testConfig({ DATABASE_PATH: path }), pino({ level: 'silent' }));
  void services.close(0);
  return { DATABASE_PATH: path };
}

const DEFAULTS = [
  'enabled false',
  'hours off',
  'length 30',
  'buffer 15',
  'notice 12',
  'days 14',
  'meeting-url (not set)',
  'feed-url (not set)',
];

describe('booking commands', () => {
  it('shows each key and value, one per line, then what set changed', async () => {
    const env = database();
    const shown = await runCli(['booking', 'show'], env);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.stdout, `${DEFAULTS.join('\n')}\n`);

    for (const [key, value, line] of [
      ['hours', 'mon-fri 09:00-17:00; sat 10:00-12:00', 'hours mon-fri 09:00-17:00; sat 10:00-12:00'],
      ['length', '45', 'length 45'],
      ['enabled', 'true', 'enabled true'],
      [
        'feed-url',
        'https://calendar.google.com/calendar/ical/x%40gmail.com/private-abc123/basic.ics',
        'feed-url https://calendar.google.com/…',
      ],
    ]) {
      const set = await runCli(['booking', 'set', key as string, value as string], env);
      assert.equal(set.code, 0, set.stderr);
      assert.equal(set.stdout, `${line}\n`);
    }
    const after = await runCli(['booking', 'show'], env);
    assert.match(after.stdout, /^enabled true\nhours mon-fri 09:00-17:00; sat 10:00-12:00\nlength 45\n/);
    assert.match(after.stdout, /\nfeed-url https:\/\/calendar\.google\.com\/…\n$/);
    assert.doesNotMatch(after.stdout, /private-abc123/, 'the secret is never printed');
  });

  it('sends a new meeting link to the call already booked, and says so', async () => {
    const path = join(tempDir('booking-cli-'), 'leads.db');
    const services = openServices(testConfig({ DATABASE_PATH: path }), pino({ level: 'silent' }));
    try {
      for (const [key, value] of [
        ['enabled', 'true'],
        ['hours', 'mon-sun 00:00-23:30'],
        ['notice', '0'],
      ] as const)
        services.owner.booking.set(CLI, key, value);
      const id = services.leads.insert(newLeadRow({ createdAt: new Date().toISOString() }));
      const token = new URL(services.bookings.linkForLead(id) ?? assert.fail('a link')).pathname.split('/').at(-1);
      const view = await services.bookings.view(token ?? '');
      const slot =
        (view.kind === 'open' && Array.isArray(view.slots) && view.slots[0]) || assert.fail('a time offered');
      assert.equal(
        (await services.bookings.book(token ?? '', new Date(slot.start).toISOString(), 'UTC')).kind,
        'booked',
      );
    } finally {
      await services.close(0);
    }
    // E-mail configured (never reached: the CLI only queues the invitations, the server sends them).
    const mail = {
      SMTP_URL: 'smtp://127.0.0.1:9',
      ALERT_EMAIL_TO: 'owner@example.com',
      ALERT_EMAIL_FROM: 'a@example.com',
    };
    const changed = await runCli(['booking', 'set', 'meeting-url', 'https://meet.example.com/new'], {
      DATABASE_PATH: path,
      ...mail,
    });
    assert.equal(changed.code, 0, changed.stderr);
    assert.equal(
      changed.stdout,
      'meeting-url https://meet.example.com/new\n' +
        'The call already booked gets an updated invitation with the new link, for you and the visitor.\n',
    );
  });

  it('refuses a bad key or value with exit code 1, naming the key and its form, and changes nothing', async () => {
    const env = database();
    for (const [args, message] of [
      [
        ['booking', 'set', 'colour', 'blue'],
        /unknown key "colour": use one of enabled, hours, length, buffer, notice, days, meeting-url, feed-url/,
      ],
      [
        ['booking', 'set', 'hours', 'mon 9-5'],
        /hours must be like "mon-fri 09:00-17:00; sat 10:00-12:00" \(got "mon 9-5"\)/,
      ],
      [['booking', 'set', 'length', 'long'], /^length /m],
      [['booking', 'set', 'enabled', 'yes'], /^enabled /m],
      [['booking', 'set', 'feed-url', 'ftp://calendar.example/private-s3cr3t'], /^feed-url /m],
      [['booking', 'set', 'days'], /booking set needs a key and a value/],
      [['booking', 'dance'], /Unknown booking command "dance"/],
    ] as const) {
      const refused = await runCli([...args], env);
      assert.equal(refused.code, 1, args.join(' '));
      assert.match(refused.stderr, message);
      assert.doesNotMatch(refused.stderr, /s3cr3t/, 'a feed address is never echoed');
    }
    assert.equal((await runCli(['booking', 'show'], env)).stdout, `${DEFAULTS.join('\n')}\n`);
  });
});
