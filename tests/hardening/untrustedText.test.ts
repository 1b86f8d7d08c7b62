/**
 * Visitor text stays text everywhere it goes: in a CSV opened with a
 * semicolon separator, in the alert e-mail's headers (no RFC 2047 encoded
 * word from the visitor, no invisible format characters), in the operator's
 * stored data and dedupe, and in an SMS that costs at most two segments.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
      if (ch === '"' && line[i + 1] === '"') (cell += '"'), (i += 1);
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) out.push(cell), (cell = '');
    else cell += ch;
  }
  return [...out, cell];
}

describe('CSV export of hostile names', () => {
  it('yields no formula cell with a comma or a semicolon separator', async () => {
    const s = await leadSite({ sms: false, email: false });
    const hostile = ["Jane Roe;=cmd|' /C calc'!A0;x", '+1 (555) 010', '-2+3', '@SUM(A1)', '\tTab', 'a,=HYPERLINK("x")'];
    for (const [i, name] of hostile.entries()) assert.equal((await s.post({ name, company: `Co ${i}`, email: `v${i}@example.com` })).status, 200);
    const lines = (await exportCsv(s.databasePath)).trimEnd().split('\r\n').slice(1);
    assert.equal(lines.length, hostile.length);
    for (const separator of [',', ';']) {
      for (const line of lines) {
        for (const cell of cells(line, separator)) assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `separator ${separator}: ${JSON.stringify(cell)}`);
      }
    }
    assert.ok(lines.every((l) => l.startsWith('"') && l.endsWith('"')), 'every field is quoted');
  });
});

describe('the alert e-mail', () => {
  it("never passes a visitor's encoded word through, nor bidi or zero-width characters", async () => {
    const s = await leadSite({ sms: false });
    const smuggled = Buffer.from('Invoice overdue\r\nX-Spoofed: yes\u202E', 'utf8').toString('base64');
    const res = await s.post({ name: `=?UTF-8?B?${smuggled}?=`, company: 'Acme\u202Eevil\u200B', email: 'ada@example.com' });
    assert.equal(res.status, 200);
    await waitFor(() => s.smtp.messages.length === 1, 5_000, 'the alert e-mail');
    const mail = s.smtp.messages[0];
    assert.ok(mail);
    assert.doesNotMatch(mail.raw.split('\r\n\r\n')[0] ?? '', /^X-Spoofed/im, 'no header smuggled in');
    assert.doesNotMatch(mail.subject ?? '', /Invoice overdue|[\r\n\u202E]/, 'the subject shows the text as typed, not decoded');
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
