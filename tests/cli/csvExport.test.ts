/**
 * The CSV export an operator opens in a spreadsheet: RFC 4180 (CRLF, every
 * cell quoted, quotes doubled) and safe against formula injection, since every
 * value came from a stranger.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exportColumns, toCsv } from '../../src/leads/leadExport';
import { leadRow } from '../support/exportRow';

// One group of columns per alert channel: the test names two.
const columns = exportColumns(['sms', 'email']);
const csvOf = (rows: Parameters<typeof toCsv>[0]) => toCsv(rows, columns);

const HEADER =
  '"id","created_at","name","company","email","language","status","verdict","verdict_reasons",' +
  '"source","utm_source","utm_medium","utm_campaign","utm_term","utm_content","referrer",' +
  '"marks","user_agent","ip_hash",' +
  '"sms_status","sms_attempts","sms_last_error","sms_provider_message_id","sms_sent_at","sms_delivery","sms_delivery_error",' +
  '"email_status","email_attempts","email_last_error","email_provider_message_id","email_sent_at","email_delivery","email_delivery_error"';

const SOURCE =
  '"utm_source=linkedin, utm_campaign=q1; referrer news.example.org","linkedin","","q1","","","news.example.org"';
const MARKS = '"contacted 2026-03-04T09:00:00.000Z (link)"';
const ALERTS =
  '"sent","1","","SM1","2026-03-04T05:06:08.000Z","delivered","",' +
  '"failed","10","SMTP 550: mailbox unavailable","","","",""';

/** The name cell of a one-lead export, as written in the file. */
const nameCell = (name: string) => {
  const csv = csvOf([leadRow({ name })]);
  const prefix = `${HEADER}\r\n"1","2026-03-04T05:06:07.890Z",`;
  const suffix = `,"Analytical Engines","ada@example.com","pt-BR","contacted","verified","",${SOURCE},${MARKS},"Mozilla/5.0","abc123",${ALERTS}\r\n`;
  assert.ok(csv.startsWith(prefix) && csv.endsWith(suffix), JSON.stringify(csv));
  return csv.slice(prefix.length, csv.length - suffix.length);
};

describe('toCsv', () => {
  it('writes a header and one CRLF-terminated line per lead: language, status, verdict, source, marks, each channel; no internal columns', () => {
    const grace = {
      id: 2,
      name: 'Grace Hopper',
      company: 'Navy',
      email: 'grace@example.com',
      language: 'en',
      status: 'new',
      marks: [],
      sms_status: 'pending',
      sms_attempts: 0,
      sms_provider_message_id: null,
      sms_sent_at: null,
      sms_delivery: null,
    };
    const twoMarks = [
      { status: 'contacted', marked_at: '2026-03-04T09:00:00.000Z', via: 'link' },
      { status: 'won', marked_at: '2026-03-05T10:00:00.000Z', via: 'cli' },
    ];
    assert.equal(
      csvOf([leadRow({ status: 'won', marks: twoMarks }), leadRow(grace)]),
      `${HEADER}\r\n` +
        `"1","2026-03-04T05:06:07.890Z","Ada Lovelace","Analytical Engines","ada@example.com","pt-BR","won","verified","",${SOURCE},"contacted 2026-03-04T09:00:00.000Z (link); won 2026-03-05T10:00:00.000Z (cli)","Mozilla/5.0","abc123",${ALERTS}\r\n` +
        `"2","2026-03-04T05:06:07.890Z","Grace Hopper","Navy","grace@example.com","en","new","verified","",${SOURCE},"","Mozilla/5.0","abc123","pending","0","","","","","","failed","10","SMTP 550: mailbox unavailable","","","",""\r\n`,
    );
  });

  it('writes only the header when there are no leads', () => {
    assert.equal(csvOf([]), `${HEADER}\r\n`);
  });

  it('has a group of columns for every channel it is given, in order', () => {
    assert.ok(
      toCsv([], exportColumns(['sms', 'email', 'pager'])).endsWith(
        '"email_status","email_attempts","email_last_error","email_provider_message_id","email_sent_at","email_delivery","email_delivery_error",' +
          '"pager_status","pager_attempts","pager_last_error","pager_provider_message_id","pager_sent_at","pager_delivery","pager_delivery_error"\r\n',
      ),
    );
  });

  it('writes missing values as empty cells', () => {
    const csv = csvOf([leadRow({ user_agent: null, ip_hash: undefined })]);
    assert.ok(csv.includes(`,${MARKS},"","",${ALERTS}`), csv);
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
