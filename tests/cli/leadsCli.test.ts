/**
 * The operator's command-line tool (node dist/cli.js), run as an operator
 * would against a real database file: list, export as CSV and JSON, status,
 * retrying failed alerts through the real senders, backups, and clear errors.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/storage/database';
import { runCli } from '../support/cli';
import { readLeadRowsAt } from '../support/leadRows';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { alertEnv } from '../support/leadSite';
import { tempDir } from '../support/tempDirs';

/** The CLI on the shared database unless the test names another. */
const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { DATABASE_PATH: shared, ...env });

/** Stores a lead as the server would: SMS pending, e-mail not configured. */
function insertLead(db: Database.Database, createdAt: string, name: string, company: string, email: string): number {
  const id = Number(
    db
      .prepare(
        'INSERT INTO leads (created_at, name, company, email, user_agent, ip_hash, dedupe_key) VALUES (?, ?, ?, ?, ?, NULL, ?)',
      )
      .run(createdAt, name, company, email, 'test', `${name}|${company}|${email}`).lastInsertRowid,
  );
  db.prepare(
    "INSERT INTO alerts (lead_id, channel, status, next_attempt_at) VALUES (?, 'sms', 'pending', ?), (?, 'email', 'skipped', NULL)",
  ).run(id, createdAt, id);
  return id;
}

/**
 * A database of its own with three leads: two whose SMS was sent, and one (FAILED_ID)
 * whose SMS gave up after its last attempt. Tests that change it get their own.
 */
const FAILED_ID = 3;
function seededDatabase(): string {
  const path = join(tempDir('cli-test-'), 'leads.db');
  openDatabase(path).close(); // the schema, as the server creates it
  const db = new Database(path);
  insertLead(db, '2026-01-10T09:00:00.000Z', 'Ana Souza', 'Loja, "Azul" Ltda', 'ana@example.com');
  insertLead(db, '2026-02-15T10:30:00.000Z', '=HYPERLINK("http://evil")', 'Formula Inc', 'f@example.com');
  assert.equal(insertLead(db, '2026-03-01T12:00:00.000Z', 'Ravi Kumar', 'Kumar Labs', 'ravi@example.com'), FAILED_ID);
  db.prepare(
    "UPDATE alerts SET status = 'sent', attempts = 1, provider_message_id = 'SM' || lead_id, sent_at = ? WHERE channel = 'sms' AND lead_id IN (1, 2)",
  ).run('2026-03-01T12:00:01.000Z');
  db.prepare(
    "UPDATE alerts SET status = 'failed', attempts = 10, last_error = 'Twilio answered 401', next_attempt_at = NULL WHERE channel = 'sms' AND lead_id = ?",
  ).run(FAILED_ID);
  db.close();
  return path;
}

/** Read by the tests that only read. */
const shared = seededDatabase();

let twilio: FakeTwilio;
let smtp: SmtpSink;

before(async () => {
  twilio = await startFakeTwilio();
  smtp = await startSmtpSink();
});

after(async () => {
  await twilio.close();
  await smtp.close();
});

describe('leads CLI', () => {
  it('lists the most recent leads', async () => {
    const all = await cli(['list']);
    assert.equal(all.code, 0, all.stderr);
    for (const name of ['Ana Souza', 'Ravi Kumar']) assert.match(all.stdout, new RegExp(name));
    const one = await cli(['list', '--limit', '1']);
    assert.match(one.stdout, /Ravi Kumar/);
    assert.doesNotMatch(one.stdout, /Ana Souza/);
  });

  it('exports every lead as JSON, or those since a date', async () => {
    const all = await cli(['export', '--format', 'json']);
    assert.equal(all.code, 0, all.stderr);
    const rows = JSON.parse(all.stdout) as { name: string; company: string; sms_status: string }[];
    assert.deepEqual(
      rows.map((r) => r.name),
      ['Ana Souza', '=HYPERLINK("http://evil")', 'Ravi Kumar'],
    );
    assert.equal(rows[0]!.company, 'Loja, "Azul" Ltda');
    const since = JSON.parse((await cli(['export', '--format', 'json', '--since', '2026-02-01'])).stdout) as unknown[];
    assert.equal(since.length, 2);
  });

  it('exports CSV that a spreadsheet opens safely', async () => {
    const csv = await cli(['export']);
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.trimEnd().split('\r\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /^"id","created_at","name","company","email",/);
    assert.match(lines[1]!, /,"Loja, ""Azul"" Ltda",/);
    assert.match(lines[2]!, /,"'=HYPERLINK\(""http:\/\/evil""\)",/, 'a formula is neutralised');
  });

  it('shows alert status and the leads that need attention', async () => {
    const status = await cli(['status']);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /sms\s+failed\s+1/);
    assert.match(status.stdout, /sms\s+sent\s+2/);
    assert.match(status.stdout, /Twilio answered 401/);
  });

  it('retries failed alerts now, through the real Twilio client, once', async () => {
    const databasePath = seededDatabase();
    const env = { ...alertEnv(twilio, smtp), DATABASE_PATH: databasePath };
    const first = await cli(['retry'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /requeued: sms 1, email 0/);
    assert.match(first.stdout, /sent now: sms 1/);
    assert.equal(twilio.messages.length, 1);
    assert.match(twilio.messages[0]!.body, /Ravi Kumar/);
    const again = await cli(['retry'], env);
    assert.match(again.stdout, /requeued: sms 0, email 0/);
    assert.equal(twilio.messages.length, 1, 'a delivered alert is never sent twice');
    assert.equal(readLeadRowsAt(databasePath).find((r) => r.id === FAILED_ID)?.sms_status, 'sent');
  });

  it('takes a consistent backup and refuses to overwrite one', async () => {
    const target = join(tempDir('cli-backup-'), 'backup.db');
    const first = await cli(['backup', target]);
    assert.equal(first.code, 0, first.stderr);
    const copy = new Database(target, { readonly: true });
    assert.equal(copy.prepare('SELECT COUNT(*) FROM leads').pluck().get(), 3);
    copy.close();
    const again = await cli(['backup', target]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /exists already/);
  });

  const badCalls: [string[], RegExp][] = [
    [['export', '--format', 'xml'], /--format must be csv or json/],
    [['export', '--since', 'last tuesday'], /--since must be a date/],
    [['list', '--limit', '0'], /--limit must be a whole number/],
    [['list', '--colour'], /Unknown option '--colour'/],
    [['backup'], /backup needs a file name/],
    [['frobnicate'], /Unknown command "frobnicate"/],
  ];
  for (const [args, message] of badCalls) {
    it(`explains what is wrong with: leads ${args.join(' ')}`, async () => {
      const result = await cli(args);
      assert.equal(result.code, 1);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /Usage: leads <command>/);
    });
  }

  it('says where it looked when there is no database', async () => {
    const dir = tempDir('cli-nowhere-');
    const result = await cli(['list'], { DATABASE_PATH: join(dir, 'nowhere', 'leads.db') });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /No database at .*nowhere\/leads\.db/);
    assert.equal(existsSync(join(dir, 'nowhere')), false, 'nothing created');
  });
});
