/**
 * The table `npm run leads` prints: aligned columns under a dashed rule, one
 * line per row whatever the values hold, long values cut with an ellipsis.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toTable } from '../../src/cli/formatLeads';

describe('toTable', () => {
  it('aligns columns two spaces apart under a dashed rule, without trailing spaces', () => {
    const rows = [
      { channel: 'sms', status: 'sent', count: 12 },
      { channel: 'email', status: 'failed', count: 3 },
    ];
    assert.equal(
      toTable(rows, ['channel', 'status', 'count']),
      'channel  status  count\n' + //
        '-------  ------  -----\n' +
        'sms      sent    12\n' +
        'email    failed  3\n',
    );
  });

  it('widens a column to its longest value and shows missing values as blanks', () => {
    const rows = [
      { id: 1, name: 'Ada Lovelace', note: null },
      { id: 22, name: 'Bo', note: undefined },
    ];
    assert.equal(
      toTable(rows, ['id', 'name', 'note']),
      'id  name          note\n' + //
        '--  ------------  ----\n' +
        '1   Ada Lovelace\n' +
        '22  Bo\n',
    );
  });

  it('prints only the header and rule when there are no rows', () => {
    assert.equal(toTable([] as { id: number }[], ['id']), 'id\n--\n');
  });

  it('cuts values longer than the width with an ellipsis, keeping exactly the width', () => {
    const rows = [{ id: 1, error: 'x'.repeat(40) }];
    assert.equal(toTable(rows, ['id', 'error'], 10), `id  error\n--  ${'-'.repeat(10)}\n1   ${'x'.repeat(9)}…\n`);
    assert.equal(
      toTable([{ error: 'x'.repeat(10) }], ['error'], 10),
      `error\n${'-'.repeat(10)}\n${'x'.repeat(10)}\n`,
      'a value of exactly the width stays whole',
    );
    assert.equal(
      toTable([{ error: 'y'.repeat(33) }], ['error']),
      `error\n${'-'.repeat(32)}\n${'y'.repeat(31)}…\n`,
      'the default width is 32',
    );
  });

  it('keeps each row on one line: control characters and line separators become spaces', () => {
    const rows = [{ name: 'Ada\nLovelace\r\tX\u0000\u001f\u007fY\u0085\u2028Z\u2029' }];
    assert.equal(toTable(rows, ['name']), `name\n${'-'.repeat(23)}\nAda Lovelace  X   Y  Z\n`);
  });

  it('drops invisible format characters, which could reorder or hide what the operator reads', () => {
    const rows = [{ name: 'Ada\u202eecalevoL\u200b\u2066X' }];
    assert.equal(toTable(rows, ['name']), `name\n${'-'.repeat(12)}\nAdaecalevoLX\n`);
  });
});
