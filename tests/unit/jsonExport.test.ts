/**
 * The JSON export: the same columns as the CSV, values with their types,
 * indented for a person, one trailing newline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toJson } from '../../src/cli/formatLeads';
import { leadRow } from '../support/exportRow';

describe('toJson', () => {
  it('writes the export columns of each lead, indented, without internal columns', () => {
    assert.equal(
      toJson([leadRow({ name: 'Ada "Countess" Lovelace' })]),
      `[
  {
    "id": 1,
    "created_at": "2026-03-04T05:06:07.890Z",
    "name": "Ada \\"Countess\\" Lovelace",
    "company": "Analytical Engines",
    "email": "ada@example.com",
    "user_agent": "Mozilla/5.0",
    "ip_hash": "abc123",
    "sms_status": "sent",
    "sms_attempts": 1,
    "sms_last_error": null,
    "sms_provider_message_id": "SM1",
    "sms_sent_at": "2026-03-04T05:06:08.000Z",
    "email_status": "failed",
    "email_attempts": 10,
    "email_last_error": "SMTP 550: mailbox unavailable",
    "email_provider_message_id": null,
    "email_sent_at": null,
    "verdict": "verified",
    "verdict_reasons": ""
  }
]
`,
    );
  });

  it('writes an empty list when there are no leads', () => {
    assert.equal(toJson([]), '[]\n');
  });

  it('keeps values as typed, with no spreadsheet neutralisation', () => {
    const [lead] = JSON.parse(toJson([leadRow({ name: '=1+1', company: 'A, B\nC' })])) as Record<string, unknown>[];
    assert.equal(lead?.name, '=1+1');
    assert.equal(lead?.company, 'A, B\nC');
  });
});
