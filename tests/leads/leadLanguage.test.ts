/**
 * A lead's language end to end, through the real site and its stand-ins: a
 * lead submitted from the Spanish page (the lead service told `language: 'es'`)
 * is stored with the tag 'es', marked [es] in the owner's SMS, e-mail, Telegram
 * and ntfy alerts, carried in the webhook's data, shown in the inbox's list and
 * on its page (with a Reply by e-mail link that starts the answer in Spanish),
 * and in `leads list`, `leads export` and the inbox's CSV. An English lead
 * beside it keeps the alerts it always had.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import { runCli } from '../support/cli';
import { leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { type OwnerChannels, startOwnerChannels } from '../support/ownerChannels';
import { ownerFetch, signInByLink } from '../support/ownerHttp';
import { waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
let channels: OwnerChannels | undefined;
afterEach(async () => {
  await channels?.close();
  channels = undefined;
});

const ANA = { name: 'Ana García', company: 'Acme Ibérica', email: 'ana@acme.es' };
const BOB = { name: 'Bob Stone', company: 'Stone Works', email: 'bob@stone.example' };
const from = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (test)', isJson: true };

/** Ana from the Spanish page, then Bob from the English one, each alerted on every channel. */
async function twoLeads(): Promise<{ s: LeadSite; c: OwnerChannels }> {
  const c = await startOwnerChannels();
  channels = c;
  const s = await site({ env: c.env });
  assert.deepEqual(await s.services.leadService.submitLead(ANA, { ...from, language: 'es' }), {
    kind: 'accepted',
    notificationResult: true,
    leadId: 1,
  });
  assert.equal((await s.services.leadService.submitLead(BOB, from)).kind, 'accepted');
  await waitFor(
    () =>
      s.twilio.messages.length === 2 &&
      s.smtp.messages.length === 2 &&
      c.telegram.messages.length === 2 &&
      c.ntfy.notifications.length === 2 &&
      c.webhook.events.length === 2,
    5_000,
    'both leads on every channel',
  );
  return { s, c };
}

/** The CSV's cells, one array per line (every cell is quoted, none holds a comma or a line break here). */
const csvCells = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

describe("a lead's language", () => {
  it('is stored as its tag and marked in the owner alerts; an English lead alerts as before', async () => {
    const { s, c } = await twoLeads();
    const leadUrl = (id: number) => `${s.config.publicUrl}/owner/leads/${id}`;
    assert.deepEqual(
      s.rows().map((r) => [r.name, r.language]),
      [
        ['Ana García', 'es'],
        ['Bob Stone', 'en'],
      ],
    );

    const sms = (name: string) => s.twilio.messages.find((m) => m.body.includes(name))?.body;
    assert.equal(sms('Ana'), `New lead [es]: Ana Garcia, Acme Ibérica\nana@acme.es\nReply within 24h: ${leadUrl(1)}`);
    assert.equal(sms('Bob'), `New lead: Bob Stone, Stone Works\nbob@stone.example\nReply within 24h: ${leadUrl(2)}`);

    const mail = (name: string) => s.smtp.messages.find((m) => m.subject?.includes(name));
    assert.equal(mail('Ana')?.subject, 'New lead [es]: Ana García (Acme Ibérica)');
    assert.match(mail('Ana')?.text ?? '', /\nEmail: ana@acme\.es\nLanguage: Spanish \(es\)\nSource: direct\n/);
    assert.equal(mail('Bob')?.subject, 'New lead: Bob Stone (Stone Works)');
    assert.match(mail('Bob')?.text ?? '', /\nEmail: bob@stone\.example\nSource: direct\n/);

    const telegram = (name: string) => c.telegram.messages.find((m) => m.text.includes(name))?.text ?? '';
    assert.ok(telegram('Ana').startsWith('<b>New lead [es]: Ana García (Acme Ibérica)</b>\n'), telegram('Ana'));
    assert.match(telegram('Ana'), /\nLanguage: Spanish \(es\)\n/);
    assert.ok(telegram('Bob').startsWith('<b>New lead: Bob Stone (Stone Works)</b>\n'), telegram('Bob'));
    assert.doesNotMatch(telegram('Bob'), /Language/);

    assert.deepEqual(c.ntfy.notifications.map((n) => n.title).sort(), [
      'New lead [es]: Ana García (Acme Ibérica)',
      'New lead: Bob Stone (Stone Works)',
    ]);
    assert.match(
      c.ntfy.notifications.find((n) => n.title.includes('Ana'))?.message ?? '',
      /\nLanguage: Spanish \(es\)\n/,
    );

    assert.deepEqual(
      c.webhook.events
        .map((e) => [(e.data as { name: string }).name, (e.data as { language: string }).language])
        .sort(),
      [
        ['Ana García', 'es'],
        ['Bob Stone', 'en'],
      ],
    );
  });

  it('is shown in the inbox list and on the lead page, whose reply link starts the answer in Spanish', async () => {
    const { s } = await twoLeads();
    const { cookie } = await signInByLink(s);
    const page = async (path: string) => {
      const res = await ownerFetch(s, path, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200, path);
      return parse(await res.text());
    };

    const list = await page('/owner');
    const tags = list
      .querySelectorAll('.owner-lead')
      .map((li) => [li.querySelector('.owner-lead-name')?.text, li.querySelectorAll('.owner-tag').map((t) => t.text)]);
    assert.deepEqual(tags, [
      ['Bob Stone', ['verified', 'new']],
      ['Ana García', ['Language: es', 'verified', 'new']],
    ]);

    const ana = await page('/owner/leads/1');
    const fields = Object.fromEntries(
      ana.querySelectorAll('.owner-fields dt').map((dt) => [dt.text, dt.nextElementSibling?.text]),
    );
    assert.equal(fields.Language, 'Spanish (es)');
    const reply = ana.querySelectorAll('a').find((a) => a.text.trim() === 'Reply by e-mail');
    assert.equal(
      reply?.getAttribute('href'),
      `mailto:ana@acme.es?subject=${encodeURIComponent('Tu llamada inicial gratuita: Acme Ibérica')}&body=${encodeURIComponent(
        'Hola, Ana García:\r\n\r\nGracias por tu interés en una llamada inicial gratuita.\r\n\r\n',
      )}`,
    );
    assert.match(reply?.getAttribute('class') ?? '', /\bowner-button\b/, 'a thumb-sized target');
    assert.match(reply?.parentNode?.text ?? '', /Subject and greeting in Spanish\./);

    const bob = await page('/owner/leads/2');
    const bobReply = bob.querySelectorAll('a').find((a) => a.text.trim() === 'Reply by e-mail');
    assert.equal(
      bobReply?.getAttribute('href'),
      `mailto:bob@stone.example?subject=${encodeURIComponent('Your free setup call: Stone Works')}&body=${encodeURIComponent(
        'Hello Bob Stone,\r\n\r\nThank you for your interest in a free setup call.\r\n\r\n',
      )}`,
    );
    assert.doesNotMatch(bobReply?.parentNode?.text ?? '', /Subject and greeting/);
    assert.match(bob.querySelector('.owner-fields')?.text ?? '', /LanguageEnglish \(en\)/);
  });

  it('is a column of leads list, leads export (CSV and JSON) and the inbox CSV', async () => {
    const { s } = await twoLeads();
    const env = { DATABASE_PATH: s.databasePath };

    const list = await runCli(['list'], env);
    assert.equal(list.code, 0, list.stderr);
    const [header, , ...rows] = list.stdout.trim().split('\n');
    const cells = (line: string | undefined) => (line ?? '').trim().split(/\s{2,}/);
    const column = cells(header).indexOf('language');
    assert.equal(column, 5, 'after the address');
    assert.deepEqual(
      rows.map((row) => [cells(row)[2], cells(row)[column]]),
      [
        ['Bob Stone', 'en'],
        ['Ana García', 'es'],
      ],
    );

    const csv = await runCli(['export'], env);
    assert.equal(csv.code, 0, csv.stderr);
    const [csvHeader, ...csvRows] = csvCells(csv.stdout);
    assert.deepEqual(csvHeader?.slice(0, 7), ['id', 'created_at', 'name', 'company', 'email', 'language', 'status']);
    assert.deepEqual(
      csvRows.map((row) => [row[2], row[5]]),
      [
        ['Ana García', 'es'],
        ['Bob Stone', 'en'],
      ],
    );

    const json = JSON.parse((await runCli(['export', '--format', 'json'], env)).stdout) as { language: string }[];
    assert.deepEqual(
      json.map((lead) => lead.language),
      ['es', 'en'],
    );

    const { cookie } = await signInByLink(s);
    const download = await ownerFetch(s, '/owner/export.csv', { headers: { Cookie: cookie } });
    assert.equal(download.status, 200);
    const inboxCsv = csvCells(await download.text());
    assert.deepEqual(inboxCsv[0]?.[5], 'language');
    assert.deepEqual(
      inboxCsv.slice(1).map((row) => row[5]),
      ['es', 'en'],
    );
  });
});
