/**
 * The owner's privacy duties in one command each, on the database of a
 * running server: `export --email` prints everything stored about one person
 * (leads, alerts, marks, sources) as JSON; `erase --email` deletes it, says
 * how many rows went, logs the erasure without the address, and afterwards
 * neither the database file nor its write-ahead log holds the address, not
 * even in freed space. Retention deletes exactly the leads older than
 * LEAD_RETENTION_DAYS, and spam after SPAM_RETENTION_DAYS, their terms in
 * the search index's pages with them.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathOf, setAvailability } from '../support/booking';
import { runCli } from '../support/cli';
import { startFakeTwilio, type FakeTwilio } from '../support/fakeTwilio';
import { postLead } from '../support/leadClient';
import { alertEnv, leadSitesPerTest } from '../support/leadSite';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { tempDir } from '../support/tempDirs';
import { waitFor } from '../support/waitFor';

const ADDRESS = 'erase.me.please@subject.example';
const holds = (path: string, text: string) =>
  existsSync(path) && readFileSync(path).includes(Buffer.from(text.toLowerCase()));
const holdsAnyCase = (path: string) =>
  existsSync(path) && readFileSync(path).toString('latin1').toLowerCase().includes(ADDRESS);

describe('a subject access request and an erasure', () => {
  let twilio: FakeTwilio;
  let smtp: SmtpSink;
  let server: ServerProcess;
  let databasePath: string;
  let env: Record<string, string>;
  before(async () => {
    [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
    const dataDir = tempDir('privacy-');
    databasePath = join(dataDir, 'leads.db');
    env = { ...alertEnv(twilio, smtp), LEAD_RATE_LIMIT: '100' };
    server = await startServer({ dataDir, env });
    const referer = `${server.url}/?utm_source=linkedin&utm_campaign=q1`;
    await postLead(server.url, {
      name: 'Erin Subject',
      company: 'Subject Ltd',
      email: ADDRESS,
      referrer: 'https://news.example.org/a',
    });
    await postLead(
      server.url,
      { name: 'Erin S.', company: 'Subject Ltd', email: ADDRESS.toUpperCase() },
      { headers: { Referer: referer } },
    );
    await postLead(server.url, { name: 'Someone Else', company: 'Other', email: 'other@example.com' });
    await waitFor(() => smtp.messages.length === 3, 5000, 'the alerts');
    assert.equal((await runCli(['mark', '1', 'contacted'], { ...env, DATABASE_PATH: databasePath })).code, 0);
  });
  after(async () => {
    await server?.stop();
    await Promise.all([twilio?.close(), smtp?.close()]);
  });

  it('exports everything stored about the person, any case of the address, as JSON', async () => {
    const { code, stdout, stderr } = await runCli(['export', '--email', ADDRESS], {
      ...env,
      DATABASE_PATH: databasePath,
    });
    assert.equal(code, 0, stderr);
    const data = JSON.parse(stdout) as { email: string; leads: Record<string, unknown>[] };
    assert.equal(data.email, ADDRESS);
    assert.deepEqual(
      data.leads.map((l) => [l.id, l.name, l.email, l.status, l.utm_source, l.utm_campaign, l.referrer]),
      [
        [1, 'Erin Subject', ADDRESS, 'contacted', null, null, 'news.example.org'],
        [2, 'Erin S.', ADDRESS.toUpperCase(), 'new', 'linkedin', 'q1', 'direct'], // the campaign of the page in its Referer
      ],
    );
    const first = data.leads[0] as {
      alerts: { channel: string; status: string }[];
      marks: { status: string; via: string }[];
      user_agent: unknown;
      ip_hash: unknown;
      verdict: string;
      source: string;
    };
    assert.deepEqual(first.alerts.map((a) => a.channel).sort(), ['email', 'reminder-email', 'reminder-sms', 'sms']);
    assert.deepEqual(
      first.marks.map((m) => [m.status, m.via]),
      [['contacted', 'cli']],
    );
    assert.equal(first.source, 'news.example.org');
    for (const field of ['user_agent', 'ip_hash', 'verdict', 'created_at', 'company']) assert.ok(field in first, field);
    assert.ok(!stdout.includes('other@example.com'), 'nobody else');
  });

  it('erases the person for good, while the server runs: no byte of the address left in the file or its log', async () => {
    assert.ok(holdsAnyCase(databasePath) || holdsAnyCase(`${databasePath}-wal`), 'the address is there before');
    const { code, stdout, stderr } = await runCli(['erase', '--email', ADDRESS], {
      ...env,
      DATABASE_PATH: databasePath,
      LOG_LEVEL: 'info',
    });
    assert.equal(code, 0, stderr);
    assert.equal(stdout, 'erased 2 leads, 8 alerts and 1 marks of that address\n');
    const log = JSON.parse(stderr.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    assert.deepEqual([log.msg, log.leads, log.alerts, log.marks], ["erased a person's leads on request", 2, 8, 1]);
    assert.ok(
      !stderr.toLowerCase().includes(ADDRESS) && !stdout.toLowerCase().includes(ADDRESS),
      'the address is not logged',
    );

    for (const file of [databasePath, `${databasePath}-wal`])
      assert.equal(holdsAnyCase(file), false, `${file} holds no trace of the address`);
    assert.ok(
      holds(databasePath, 'other@example.com') || holds(`${databasePath}-wal`, 'other@example.com'),
      'the other lead is kept',
    );
    // The running server goes on as before.
    assert.equal((await postLead(server.url, { name: 'Next', company: 'Co', email: 'next@example.com' })).status, 200);
    assert.equal(holdsAnyCase(`${databasePath}-wal`), false);
    const again = await runCli(['export', '--email', ADDRESS], { ...env, DATABASE_PATH: databasePath });
    assert.deepEqual((JSON.parse(again.stdout) as { leads: unknown[] }).leads, []);
  });

  it('explains a missing address', async () => {
    for (const args of [['erase'], ['erase', '--email', 'nobody'], ['export', '--email', '']]) {
      const { code, stderr } = await runCli(args, { DATABASE_PATH: databasePath });
      assert.equal(code, 1);
      assert.match(stderr, /--email needs an e-mail address/);
    }
    assert.match(
      (await runCli(['export', '--email', ADDRESS, '--format', 'csv'], { DATABASE_PATH: databasePath })).stderr,
      /export --email writes JSON only/,
    );
  });
});

describe('retention', () => {
  const site = leadSitesPerTest();

  it('deletes exactly the leads older than LEAD_RETENTION_DAYS, and spam after SPAM_RETENTION_DAYS, with their alerts', async () => {
    let offset = 0;
    const s = await site({
      env: { LEAD_RETENTION_DAYS: '30', SPAM_RETENTION_DAYS: '7', LEAD_MAX_PER_EMAIL_PER_DAY: '100' },
      now: () => Date.now() + offset,
    });
    const day = 86_400_000;
    const post = async (name: string, ageDays: number, spam = false, company = 'Co') => {
      offset = -ageDays * day;
      await s.post({
        name,
        company,
        email: `${name.toLowerCase().replace(/\s/g, '')}@example.com`,
        ...(spam ? { website: 'x' } : {}),
      });
    };
    await post('Old lead', 31, false, 'Жук');
    await post('Month lead', 29);
    await post('Old spam', 8, true);
    await post('Young spam', 6, true);
    await post('New lead', 0);
    offset = 0;
    // 'жук' (from the old lead's company, in a script no other lead writes) is stored whole in the search index's
    // pages while the lead is kept; a deleted lead's terms must go from those pages, not only from the results.
    const zhuk = Buffer.from('жук');
    const inIndexPages = () =>
      s.services.db.prepare('SELECT COUNT(*) FROM leads_search_data WHERE instr(block, ?) > 0').pluck().get(zhuk);
    assert.ok((inIndexPages() as number) > 0, 'the search index holds the term before');
    const kept = () => s.rows().map((r) => r.name);
    assert.deepEqual(s.services.housekeeping.runOnce(), { spam: 1, leads: 1, proofs: 0 });
    assert.deepEqual(kept(), ['Month lead', 'Young spam', 'New lead']);
    const orphans = s.services.db
      .prepare('SELECT COUNT(*) FROM alerts WHERE lead_id NOT IN (SELECT id FROM leads)')
      .pluck()
      .get();
    assert.equal(orphans, 0, 'their alerts went with them');
    assert.equal(inIndexPages(), 0, 'no term of the old lead left in the search index');
    assert.deepEqual(s.services.housekeeping.runOnce(), { spam: 0, leads: 0, proofs: 0 }, 'nothing more the same day');
  });

  it('keeps a lead whose booked call is still to come until the call is over', async () => {
    let offset = 0;
    const day = 86_400_000;
    const s = await site({ env: { LEAD_RETENTION_DAYS: '2' }, now: () => Date.now() + offset });
    setAvailability(s, { enabled: 'true', hours: 'mon-sun 09:00-17:00', days: '14' });
    const booker = await s.post({ name: 'Booker', company: 'Co', email: 'booker@example.com' });
    await s.post({ name: 'Plain', company: 'Co', email: 'plain@example.com' });
    const path = pathOf(String(booker.json.bookingUrl));
    const times = await fetch(`${s.url}${path}`, { headers: { Accept: 'application/json' } });
    const slot = ((await times.json()) as { slots: string[] }).slots.at(-1) as string; // about 14 days ahead
    const booked = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ action: 'book', slot, zone: 'UTC' }),
    });
    assert.equal(booked.status, 200);

    offset = 3 * day; // both leads older than 2 days; the call still to come
    assert.deepEqual(s.services.housekeeping.runOnce(), { spam: 0, leads: 1, proofs: 0 });
    assert.deepEqual(
      s.rows().map((r) => r.name),
      ['Booker'],
    );
    assert.equal(s.services.owner.booking.upcoming().length, 1, 'the call is still on his list');

    offset = Date.parse(slot) - Date.now() + 2 * 3_600_000; // the call is over
    assert.deepEqual(s.services.housekeeping.runOnce(), { spam: 0, leads: 1, proofs: 0 });
    assert.deepEqual(s.rows(), []);
  });

  it('keeps every lead when LEAD_RETENTION_DAYS is unset, and says so under the form', async () => {
    let offset = -3650 * 86_400_000;
    const s = await site({ now: () => Date.now() + offset });
    await s.post({ name: 'Ancient', company: 'Co', email: 'ancient@example.com' });
    offset = 0;
    s.services.housekeeping.runOnce();
    assert.equal(s.rows().length, 1);
    const page = await (await fetch(`${s.url}/`)).text();
    assert.ok(
      page.includes('kept until you ask me to delete them. To see or delete them, write to hello@annavolkova.com.'),
    );
    const limited = await site({ env: { LEAD_RETENTION_DAYS: '180' } });
    // A lead whose call is still to come is kept until the call is over (retention's own test): the line says so.
    assert.ok(
      (await (await fetch(`${limited.url}/`)).text()).includes(
        'they are deleted after 180 days, or after the call you book here if that is later.',
      ),
    );
  });
});
