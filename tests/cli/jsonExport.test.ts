/**
 * The JSON export: the same columns as the CSV, values with their types,
 * indented for a person, one trailing newline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exportColumns, toJson } from '../../src/leads/leadExport';
import { leadRow } from '../support/exportRow';

const columns = exportColumns(['sms', 'email']);

describe('toJson', () => {
  it('writes the export columns of each lead, indented, marks as a list, without internal columns', () => {
    assert.equal(
      toJson([leadRow({ name: 'Ada "Countess" Lovelace' })], columns),
      `[
  {
    "id": 1,
    "created_at": "2026-03-04T05:06:07.890Z",
    "name": "Ada \\"Countess\\" Lovelace",
    "company": "Analytical Engines",
    "email": "ada@example.com",
    "language": "pt-BR",
    "status": "contacted",
    "verdict": "verified",
    "verdict_reasons": "",
    "source": "utm_source=linkedin, utm_campaign=q1; referrer news.example.org",
    "utm_source": "linkedin",
    "utm_medium": null,
    "utm_campaign": "q1",
    "utm_term": null,
    "utm_content": null,
    "referrer": "news.example.org",
    "marks": [
      {
        "status": "contacted",
        "marked_at": "2026-03-04T09:00:00.000Z",
        "via": "link"
      }
    ],
    "user_agent": "Mozilla/5.0",
    "ip_hash": "abc123",
    "sms_status": "sent",
    "sms_attempts": 1,
    "sms_last_error": null,
    "sms_provider_message_id": "SM1",
    "sms_sent_at": "2026-03-04T05:06:08.000Z",
    "sms_delivery": "delivered",
    "sms_delivery_error": null,
    "email_status": "failed",
    "email_attempts": 10,
    "email_last_error": "SMTP 550: mailbox unavailable",
    "email_provider_message_id": null,
    "email_sent_at": null,
    "email_delivery": null,
    "email_delivery_error": null
  }
]
`,
    );
  });

  it('writes an empty list when there are no leads', () => {
    assert.equal(toJson([], columns), '[]\n');
  });

  it('keeps values as typed, with no spreadsheet neutralisation', () => {
    const [lead] = JSON.parse(toJson([leadRow({ name: '=1+1', company: 'A, B\nC' })], columns)) as Record<
      string,
      unknown
    >[];
    assert.equal(lead?.name, '=1+1');
    assert.equal(lead?.company, 'A, B\nC');
  });
});
