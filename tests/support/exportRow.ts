/**
 * Lead records as the CLI builds them (a lead with its status, source, marks
 * and its SMS and e-mail alert fields), for the export and table tests. Typed
 * from the formatter's own parameter so the tests follow the record type
 * wherever it is declared.
 */
import type { toCsv } from '../../src/leads/leadExport';

export type ExportRow = Parameters<typeof toCsv>[0][number];

export function leadRow(values: Record<string, unknown> = {}): ExportRow {
  return {
    id: 1,
    created_at: '2026-03-04T05:06:07.890Z',
    name: 'Ada Lovelace',
    company: 'Analytical Engines',
    email: 'ada@example.com',
    language: 'pt-BR',
    user_agent: 'Mozilla/5.0',
    ip_hash: 'abc123',
    dedupe_key: 'internal-dedupe-key',
    status: 'contacted',
    utm_source: 'linkedin',
    utm_medium: null,
    utm_campaign: 'q1',
    utm_term: null,
    utm_content: null,
    referrer: 'news.example.org',
    source: 'utm_source=linkedin, utm_campaign=q1; referrer news.example.org',
    marks: [{ status: 'contacted', marked_at: '2026-03-04T09:00:00.000Z', via: 'link' }],
    sms_status: 'sent',
    sms_attempts: 1,
    sms_last_error: null,
    sms_provider_message_id: 'SM1',
    sms_sent_at: '2026-03-04T05:06:08.000Z',
    sms_delivery: 'delivered',
    sms_delivery_error: null,
    sms_next_attempt_at: null,
    email_status: 'failed',
    email_attempts: 10,
    email_last_error: 'SMTP 550: mailbox unavailable',
    email_provider_message_id: null,
    email_sent_at: null,
    email_delivery: null,
    email_delivery_error: null,
    email_next_attempt_at: null,
    verdict: 'verified',
    verdict_reasons: '',
    ...values,
  } as unknown as ExportRow;
}
