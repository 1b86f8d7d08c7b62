/**
 * The CSV export an operator opens in a spreadsheet: RFC 4180 (CRLF, every
 * cell quoted, quotes doubled) and safe against formula injection, since every
 * value came from a stranger.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toCsv } from '../../src/cli/formatLeads';
import { leadRow } from '../support/exportRow';

const HEADER =
  '"id","created_at","name","company","email","user_agent","ip_hash",' +
  '"sms_status","sms_attempts","sms_last_error","sms_provider_message_id","sms_sent_at",' +
  '"email_status","email_attempts","email_last_error","email_provider_message_id","email_sent_at",' +
  '"verdict","verdict_reasons"';

/** The name cell of a one-lead export, as written in the file. */
const nameCell = (name: string) => {
  const csv = toCsv([leadRow({ name })]);
  const prefix = `${HEADER}\r\n"1","2026-03-04T05:06:07.890Z",`;
  const suffix = ',"Analytical Engines","ada@example.com","Mozilla/5.0","abc123","sent","1","","SM1","2026-03-04T05:06:08.000Z","failed","10","SMTP 550: mailbox unavailable","","","verified",""\r\n';
  assert.ok(csv.startsWith(prefix) && csv.endsWith(suffix), JSON.stringify(csv));
  return csv.slice(prefix.length, csv.length - suffix.length);
};

describe('toCsv', () => {
  it('writes a header and one CRLF-terminated line per lead, without internal columns', () => {
    assert.equal(
      toCsv([leadRow(), leadRow({ id: 2, name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com', sms_status: 'pending', sms_attempts: 0, sms_provider_message_id: null, sms_sent_at: null })]),
      `${HEADER}\r\n` +
        '"1","2026-03-04T05:06:07.890Z","Ada Lovelace","Analytical Engines","ada@example.com","Mozilla/5.0","abc123","sent","1","","SM1","2026-03-04T05:06:08.000Z","failed","10","SMTP 550: mailbox unavailable","","","verified",""\r\n' +
        '"2","2026-03-04T05:06:07.890Z","Grace Hopper","Navy","grace@example.com","Mozilla/5.0","abc123","pending","0","","","","failed","10","SMTP 550: mailbox unavailable","","","verified",""\r\n',
    );
  });

  it('writes only the header when there are no leads', () => {
    assert.equal(toCsv([]), `${HEADER}\r\n`);
  });

  it('writes missing values as empty cells', () => {
    const csv = toCsv([leadRow({ user_agent: null, ip_hash: undefined })]);
    assert.ok(csv.includes(',"ada@example.com","","","sent",'), csv);
  });

  it('neutralises a value a spreadsheet would run as a formula: = + - @ TAB CR first', () => {
    assert.equal(nameCell('=1+1'), `"'=1+1"`);
    assert.equal(nameCell('+1 555 0100'), `"'+1 555 0100"`);
    assert.equal(nameCell('-2+3'), `"'-2+3"`);
    assert.equal(nameCell('@SUM(A1:A9)'), `"'@SUM(A1:A9)"`);
    assert.equal(nameCell('\t=1+1'), `"'\t=1+1"`);
    assert.equal(nameCell('\r=1+1'), `"'\r=1+1"`);
    assert.equal(nameCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('also neutralises a formula right after a , ; | or TAB, which another reader may split on', () => {
    assert.equal(nameCell('Ada,=1+1'), `"Ada,'=1+1"`);
    assert.equal(nameCell('Ada;+1'), `"Ada;'+1"`);
    assert.equal(nameCell('Ada|-1'), `"Ada|'-1"`);
    assert.equal(nameCell('Ada\t@x'), `"Ada\t'@x"`);
    assert.equal(nameCell('a,=1;=2'), `"a,'=1;'=2"`);
  });

  it('leaves those characters alone elsewhere', () => {
    assert.equal(nameCell('Ada =1+1'), '"Ada =1+1"');
    assert.equal(nameCell('Jean-Luc'), '"Jean-Luc"');
    assert.equal(nameCell('=-1'), `"'=-1"`);
    assert.equal(nameCell("O'Brien"), `"O'Brien"`);
  });

  it('quotes every cell, so a comma, a double quote, CR or LF stays inside it', () => {
    assert.equal(nameCell('Lovelace, Ada'), '"Lovelace, Ada"');
    assert.equal(nameCell('Ada "Countess" Lovelace'), '"Ada ""Countess"" Lovelace"');
    assert.equal(nameCell('Ada\rLovelace'), '"Ada\rLovelace"');
    assert.equal(nameCell('Ada\nLovelace'), '"Ada\nLovelace"');
    assert.equal(nameCell('Ada\r\nLovelace'), '"Ada\r\nLovelace"');
    assert.equal(nameCell('""'), '""""""');
  });
});
