/**
 * A complete lead-capture setup for tests: the fake Twilio API and the SMTP
 * sink, and the real application listening on 127.0.0.1 with its alerts
 * pointed at them, small timeouts and its own SQLite file. One close() ends
 * it all. Shared with the browser tests: keep the API stable.
 */
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import { afterEach } from 'node:test';
import { startFakeTwilio, type FakeTwilio } from './fakeTwilio';
import { LEAD_PATH, postRaw } from './leadClient';
import { listen } from './listen';
import { readLeadRows, type StoredLead } from './leadRows';
import type { RetryRules } from '../../src/services/alerts';
import type { SiteDeps } from '../../src/site';
import { createTestSite, type TestSite } from './site';
import { startSmtpSink, type SmtpSink } from './smtpSink';
import { tempDir } from './tempDirs';

export { LEAD_PATH };
export const ALERT_SMS_TO = '+15551230000';
export const TWILIO_FROM = '+15005550006';
export const ALERT_EMAIL_TO = 'owner@example.com';
export const ALERT_EMAIL_FROM = 'alerts@example.com';

/** Environment variables that send a server's alerts to these fakes. */
export function alertEnv(twilio: FakeTwilio, smtp: SmtpSink): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM,
    ALERT_SMS_TO,
    TWILIO_API_URL: twilio.url,
    SMTP_URL: smtp.url,
    ALERT_EMAIL_TO,
    ALERT_EMAIL_FROM,
  };
}

/**
 * Small timings so fault tests run in a second or two. Leads are graded as before proof of work
 * existed (every lead that is not spam is verified and texted); the grading suites turn it on.
 * The form's challenges are cheap, so no browser test waits on a solve (it still runs).
 */
export const FAST_ALERTS: Record<string, string> = {
  LEAD_VERIFICATION: 'off',
  LEAD_CHALLENGE_DIFFICULTY: '100',
  ALERT_TIMEOUT_MS: '500',
  LEAD_RATE_LIMIT: '1000',
};

/** Failed alerts are retried after 100 ms, doubling, ten attempts: a fault test runs in a second or two. */
export const FAST_RETRY: RetryRules = { baseMs: 100, maxAttempts: 10 };

export interface LeadSiteOptions {
  /** Added to (and overriding) the defaults above. */
  env?: Record<string, string>;
  /** Leave a channel unconfigured (its alerts are 'skipped'). */
  sms?: boolean;
  email?: boolean;
  /** Start the site's loops (alert delivery, housekeeping, view counts) as the server does once it listens (default true). */
  startWorker?: boolean;
  /** The clock the lead endpoint and the runner read (default Date.now). */
  now?: () => number;
  /** Fakes passed to createSite (channels, senders). */
  deps?: SiteDeps;
  /** How failed alerts are retried (default FAST_RETRY; a test may give up after one attempt). */
  retry?: Partial<RetryRules>;
  /**
   * PUBLIC_URL is http://localhost:<the port it listens on> (passkeys refuse an IP address as
   * their relying party); the site still listens on 127.0.0.1 only.
   */
  localhostOrigin?: boolean;
  /** PUBLIC_URL is the address it listens on (http://127.0.0.1:<port>): Twilio's status callbacks reach it there. */
  publicOrigin?: boolean;
}

export interface LeadSite extends TestSite {
  url: string;
  twilio: FakeTwilio;
  smtp: SmtpSink;
  databasePath: string;
  /** POSTs JSON (or a raw body with its content type) to the lead endpoint. */
  post(
    body: unknown,
    init?: { contentType?: string; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; json: Record<string, unknown> }>;
  /** Every stored lead, oldest first. */
  rows(): StoredLead[];
  /** Stops it all; calling it again (a test that restarts the site, then the per-test cleanup) waits for the same close. */
  close(): Promise<void>;
}

export async function startLeadSite(options: LeadSiteOptions = {}): Promise<LeadSite> {
  const [twilio, smtp] = await Promise.all([startFakeTwilio(), startSmtpSink()]);
  // A database of the test's choosing (to restart a site on it), else a new one.
  const databasePath = options.env?.DATABASE_PATH ?? join(tempDir('lead-site-'), 'leads.db');
  const providers = alertEnv(twilio, smtp);
  // Listening first, so the site can be built knowing its own port.
  let handler: RequestListener = (_req, res) => void res.writeHead(503).end();
  const server = await listen((req, res) => handler(req, res));
  const origin: Record<string, string> = options.localhostOrigin
    ? { PUBLIC_URL: `http://localhost:${new URL(server.url).port}` }
    : options.publicOrigin
      ? { PUBLIC_URL: server.url }
      : {};
  const env: Record<string, string> = { ...FAST_ALERTS, DATABASE_PATH: databasePath, ...origin, ...options.env };
  for (const [name, value] of Object.entries(providers)) {
    const isSms = name.startsWith('TWILIO') || name === 'ALERT_SMS_TO';
    if ((isSms && options.sms !== false) || (!isSms && options.email !== false)) env[name] ??= value;
  }
  let site: TestSite;
  try {
    const retry = { ...FAST_RETRY, ...options.retry };
    site = createTestSite(env, { ...options.deps, now: options.now, retry });
  } catch (err) {
    await Promise.all([server.close(), twilio.close(), smtp.close()]);
    throw err;
  }
  handler = site.listener;
  if (options.startWorker !== false) site.start();
  let closing: Promise<void> | undefined;

  return {
    ...site,
    url: server.url,
    twilio,
    smtp,
    databasePath,
    async post(body, init = {}) {
      const reply = await postRaw(server.url, init.raw ?? JSON.stringify(body), {
        contentType: init.contentType ?? 'application/json',
        headers: init.headers,
      });
      return { status: reply.status, json: reply.json ?? { unparsed: reply.text } };
    },
    rows: () => readLeadRows(site.services.db),
    close() {
      closing ??= (async () => {
        await server.close();
        await site.close();
        await Promise.all([twilio.close(), smtp.close()]);
      })();
      return closing;
    },
  };
}

/** For a test file: a factory of lead sites, every one closed after each test. */
export function leadSitesPerTest(): (options?: LeadSiteOptions) => Promise<LeadSite> {
  let sites: LeadSite[] = [];
  afterEach(async () => {
    await Promise.all(sites.map((s) => s.close()));
    sites = [];
  });
  return async (options = {}) => {
    const s = await startLeadSite(options);
    sites.push(s);
    return s;
  };
}

/** Posts fields as the form does without JavaScript: form-encoded, asking for an HTML answer. */
export const postForm = (s: LeadSite, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${s.url}${LEAD_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
