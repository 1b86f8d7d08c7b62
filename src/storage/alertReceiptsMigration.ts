/**
 * Version 10, apart from the list in migrations.ts for its length: what the alerts table learns after sending.
 * - first_attempt_at: when the current run of attempts began, so a channel that retries for a time (the
 *   webhook's day) knows when it is over.
 * - delivery, delivery_error, delivery_at: the provider's final report on a sent message (Twilio's delivery
 *   receipt: delivered, or undelivered or failed with its error code), written once.
 * - alerts_provider_message: a receipt names the message, not the lead.
 */
export const ALERT_RECEIPTS = `
  ALTER TABLE alerts ADD COLUMN first_attempt_at TEXT;
  ALTER TABLE alerts ADD COLUMN delivery TEXT CHECK (delivery IN ('delivered', 'undelivered', 'failed'));
  ALTER TABLE alerts ADD COLUMN delivery_error TEXT;
  ALTER TABLE alerts ADD COLUMN delivery_at TEXT;
  CREATE INDEX alerts_provider_message ON alerts (provider_message_id) WHERE provider_message_id IS NOT NULL;
`;
