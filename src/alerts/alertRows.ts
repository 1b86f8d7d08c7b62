/** The alerts table's rows, and what the queue (alertQueue.ts) takes and gives about them. */

/**
 * A channel's name, as the alerts table stores it: an entry of CHANNELS (channels.ts), or one a test
 * adds. A string, not the union of CHANNELS' names, so the queue and the runner take any list of them.
 */
export type Channel = string;

export type AlertStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'cancelled' | 'held';

export interface AlertRow {
  lead_id: number;
  channel: Channel;
  status: AlertStatus;
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  provider_message_id: string | null;
  last_error: string | null;
  sent_at: string | null;
  /** When the current run of attempts began (reset by a requeue). */
  first_attempt_at: string | null;
  /** What the provider reported later (an SMS's delivery receipt): delivered, undelivered or failed. */
  delivery: string | null;
  delivery_error: string | null;
  delivery_at: string | null;
  /** 1 while an attempt is under way and the alert was asked for again (its content changed): pending after it. */
  again: number;
}

/** One alert, by its key: the lead's, on a channel. */
export type AlertKey = { leadId: number; channel: Channel };

/** An alert to add to a lead: pending and due at `at`, skipped (its channel was off) or held (over a cap). */
export interface PlannedAlert {
  channel: Channel;
  status: 'pending' | 'skipped' | 'held';
  at: string | null;
}
