/**
 * Visitor text stays text everywhere it goes: in a CSV opened with a
 * semicolon separator, in the alert e-mail's headers (no RFC 2047 encoded
 * word from the visitor, no invisible format characters), in the operator's
 * stored data and dedupe, and in an SMS that costs at most two segments.
 * The joiners that names are written with (an emoji sequence's ZWJ, a
 * Persian ZWNJ) are kept, while bidi controls never reach what the owner reads.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { runCli } from '../support/cli';
import { leadSitesPerTest } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

const leadSite = leadSitesPerTest();

async function exportCsv(databasePath: string): Promise<string> {
  const { code, stdout, stderr } = await runCli(['export'], { DATABASE_PATH: databasePath });
  assert.equal(code, 0, stderr);
  return stdout;
}

/** Splits CSV as a spreadsheet would with `separator`: quoted fields keep separators and doubled quotes. */
function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  return [...out, cell];
}

describe('CSV export of hostile names', () => {
  it('yields no formula cell with a comma or a semicolon separator', async () => {
    const s = await leadSite({ sms: false, email: false });
    const hostile = ["Jane Roe;=cmd|' /C calc'!A0;x", '+1 (555) 010', '-2+3', '@SUM(A1)', '\tTab', 'a,=HYPERLINK("x")'];
    for (const [i, name] of hostile.entries())
      assert.equal((await s.post({ name, company: `Co ${i}`, email: `v${i}@example.com` })).status, 200);
    const lines = (await exportCsv(s.databasePath)).trimEnd().split('\r\n').slice(1);
    assert.equal(lines.length, hostile.length);
    for (const separator of [',', ';']) {
      for (const line of lines) {
        for (const cell of cells(line, separator))
          assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `separator ${separator}: ${JSON.stringify(cell)}`);
      }
    }
    assert.ok(
      lines.every((l) => l.startsWith('"') && l.endsWith('"')),
      'every field is quoted',
    );
  });
});

describe('the alert e-mail', () => {
  it("never passes a visitor's encoded word through, nor bidi or zero-width characters", async () => {
    const s = await leadSite({ sms: false });
    const smuggled = Buffer.from('Invoice overdue\r\nX-Spoofed: yes\u202E', 'utf8').toString('base64');
    const res = await s.post({
      name: `=?UTF-8?B?${smuggled}?=`,
      company: 'Acme\u202Eevil\u200B',
      email: 'ada@example.com',
    });
    assert.equal(res.status, 200);
    await waitFor(() => s.smtp.messages.length === 1, 5_000, 'the alert e-mail');
    const mail = s.smtp.messages[0];
    assert.ok(mail);
    assert.doesNotMatch(mail.raw.split('\r\n\r\n')[0] ?? '', /^X-Spoofed/im, 'no header smuggled in');
    assert.doesNotMatch(
      mail.subject ?? '',
      /Invoice overdue|[\r\n\u202E]/,
      'the subject shows the text as typed, not decoded',
    );
    assert.match(mail.subject ?? '', /\(Acmeevil\)$/, 'format characters removed from the company');
    assert.equal(s.rows()[0]?.company, 'Acmeevil', 'and from what is stored');
  });

  it('an invisible character does not make a second lead (or a second alert) of the same submission', async () => {
    const s = await leadSite({ sms: false });
    await s.post({ name: 'Ana Souza', company: 'Loja', email: 'ana@example.com' });
    await s.post({ name: 'Ana\u200B Souza', company: 'Lo\u2066ja', email: 'ana@example.com' });
    assert.equal(s.rows().length, 1);
  });
});

describe('the SMS alert', () => {
  it('costs at most two segments, even for 200 CJK characters in name and company', async () => {
    const s = await leadSite({ email: false });
    await s.post({ name: '王'.repeat(200), company: '株式会社'.repeat(50), email: 'wang@example.com' });
    await s.post({ name: '{'.repeat(200), company: '€'.repeat(200), email: 'ext@example.com' });
    await waitFor(() => s.twilio.messages.length === 2, 5_000, 'both SMS');
    const [cjk, extension] = s.twilio.messages.map((m) => m.body);
    // UCS-2: 67 UTF-16 units per segment of a multi-part SMS.
    assert.ok(cjk !== undefined && cjk.length <= 134, `UCS-2 text of ${cjk?.length} units`);
    // GSM-7: 153 septets per segment; { and € are extension characters, two septets each.
    const septets = [...(extension ?? '')].reduce((n, ch) => n + ('^{}\\[~]|€'.includes(ch) ? 2 : 1), 0);
    assert.ok(septets <= 306, `GSM-7 text of ${septets} septets`);
    assert.match(cjk ?? '', /^New lead: 王王/);
  });
});

/** Every bidirectional control: overrides and embeddings, isolates, and the two marks. */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/u;

describe('names written with joiners', () => {
  // Written as escapes, with their UTF-8 bytes below, so what must be stored is plain to see.
  const technologist = '\u{1F469}\u{1F3FD}\u200d\u{1F4BB} Ada'; // woman technologist, medium skin tone
  const persian = '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'; // "I want", ZWNJ after the prefix
  const TECHNOLOGIST_UTF8 = 'F09F91A9F09F8FBDE2808DF09F92BB20416461';
  const PERSIAN_UTF8 = 'D985DB8CE2808CD8AED988D8A7D987D985';

  it('stores a ZWJ emoji sequence and a name with a ZWNJ byte for byte, from the JSON and the plain form', async () => {
    const s = await leadSite({ sms: false, email: false });
    assert.equal((await s.post({ name: technologist, company: persian, email: 'ada@example.com' })).status, 200);
    const form = new URLSearchParams({ name: persian, company: technologist, email: 'sara@example.com' }).toString();
    assert.equal(
      (await s.post(undefined, { raw: form, contentType: 'application/x-www-form-urlencoded' })).status,
      200,
    );
    const stored = s.services.db
      .prepare('SELECT hex(name) AS name, hex(company) AS company FROM leads ORDER BY id')
      .all();
    assert.deepEqual(stored, [
      { name: TECHNOLOGIST_UTF8, company: PERSIAN_UTF8 },
      { name: PERSIAN_UTF8, company: TECHNOLOGIST_UTF8 },
    ]);
  });

  it('never lets a bidi control reach an e-mail header, the SMS or the CLI table', async () => {
    const s = await leadSite();
    const name = `\u202eAda\u202c \u2067Lovelace\u2069\u200f ${technologist}`;
    assert.equal(
      (await s.post({ name, company: `Acme\u202d\u200e ${persian}`, email: 'ada@example.com' })).status,
      200,
    );
    await waitFor(
      () => s.twilio.messages.length === 1 && s.smtp.messages.length === 1,
      5_000,
      'the SMS and the e-mail',
    );

    const sms = s.twilio.messages[0]?.body ?? '';
    assert.match(sms, /^New lead: Ada Lovelace/);
    assert.doesNotMatch(sms, BIDI);

    const headers = (await simpleParser(s.smtp.messages[0]?.raw ?? '')).headers;
    assert.match(String(headers.get('subject')), /Ada Lovelace/);
    for (const [header, value] of headers) assert.doesNotMatch(JSON.stringify(value), BIDI, header);

    const { code, stdout, stderr } = await runCli(['list'], { DATABASE_PATH: s.databasePath });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /Ada Lovelace/);
    assert.doesNotMatch(stdout, BIDI);
  });
});
