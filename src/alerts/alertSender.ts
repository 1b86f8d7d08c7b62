/**
 * What the delivery worker needs from a provider: send one lead's alert and
 * say what the provider called it. Kept tiny so the worker never knows which
 * SDK is behind a channel: a new channel is a new AlertSender, declared in
 * channels.ts.
 */

/** What an alert tells about the lead. The leads layer fills it in. */
export interface AlertLead {
  id: number;
  createdAt: string;
  name: string;
  company: string;
  email: string;
  /**
   * The lead's grade as the leads layer names it (src/leads/grading.ts): shown, never decided
   * on, here. Only 'unverified' changes a message (its subject says so).
   */
  verdict: string;
  /** Where the lead came from, for the owner to read (e.g. "utm_source=linkedin, utm_campaign=q1; referrer news.example.org"). */
  source: string;
}

export interface AlertSender {
  /** Resolves once the provider accepted the alert; rejects otherwise. Must settle (senders carry their own timeouts). */
  send(lead: AlertLead): Promise<{ providerMessageId: string }>;
  /** Loads the provider's SDK now: senders import it on first use, to keep it out of the start-up. */
  warm?(): Promise<void>;
  /** Closes what the sender keeps open between alerts (pooled connections); at shutdown. */
  close?(): void;
}

/**
 * A short, secret-free description of a provider failure for last_error and
 * the log: Twilio's RestException (status, code; its message may be undefined),
 * axios network errors (ECONNREFUSED, ECONNABORTED) and nodemailer's errors
 * (code, SMTP response code).
 */
export function describeSendError(err: unknown): string {
  if (typeof err !== 'object' || err === null) return String(err);
  const e = err as { status?: unknown; code?: unknown; responseCode?: unknown; message?: unknown };
  const parts: string[] = [];
  if (typeof e.status === 'number') parts.push(`HTTP ${e.status}`);
  if (e.code !== undefined && e.code !== null) parts.push(String(e.code));
  if (typeof e.responseCode === 'number') parts.push(`SMTP ${e.responseCode}`);
  const message = typeof e.message === 'string' && e.message !== '' ? e.message : 'no message';
  return `${parts.join(' ')}${parts.length > 0 ? ': ' : ''}${message}`.slice(0, 500);
}
