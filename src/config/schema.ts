/**
 * Every environment variable the server and the CLI read, declared once: its name, its default, its form
 * and its problem message. The keys are in the order problems are reported. A lower-case key is a group
 * of variables that must be set together, read from the whole environment.
 */
import { z } from 'zod';
import { profile } from '../content/content';
import { SITE_LANGUAGES, type SiteLanguage } from '../contract/languages';
import { EMAIL_ADDRESS, email, sms } from './alertProviders';
import { dnsServers, ntfyTopic, telegram, tokenInClear, webhook } from './optionalChannels';
import {
  clean,
  decimal,
  flag,
  int,
  oneOf,
  parsedUrl,
  problem,
  providerUrl,
  shown,
  timeZone,
  webUrl,
} from './variables';

/**
 * The proxy is trusted by address only. `true` or a hop count would believe the first hop whoever it is: a client
 * reaching the port directly could then choose its own address with X-Forwarded-For and pass the rate limit.
 */
const trustProxy = z
  .string()
  .refine(
    (value) => value !== 'true' && !/^\d+$/.test(value),
    problem(
      (name, value) =>
        `${name} must name the proxy by address (e.g. loopback, or the container bridge's gateway 172.17.0.1), not "${value}": ` +
        'true or a hop count would let a client that reaches the port directly choose its own address',
    ),
  )
  // e.g. "loopback" or "10.0.0.1, 172.16.0.0/12": Express parses the list
  .transform((value): string | false => (value === 'false' ? false : value))
  .default(false);

/**
 * The languages the page is offered in, English always among them (it is the x-default and the only language every
 * text must have): `en` alone turns the other languages off.
 */
const siteLanguages = z
  .string()
  .transform((value) => [...new Set(value.split(',').map((code) => code.trim().toLowerCase()))])
  .refine(
    (codes) => codes.includes('en') && codes.every((code) => (SITE_LANGUAGES as readonly string[]).includes(code)),
    problem(
      (name, value) =>
        `${name} must list languages from ${SITE_LANGUAGES.join(', ')}, separated by commas, en included (got "${value}")`,
    ),
  )
  // In the order the switcher shows them, whatever the order typed.
  .transform((codes) => SITE_LANGUAGES.filter((language): language is SiteLanguage => codes.includes(language)));

const variables = z.object({
  NODE_ENV: oneOf(['production', 'development', 'test']).default('production'),
  // The profile's defaults come from src/content/content.ts: prefault checks them as if they were set.
  OWNER_NAME: z.string().prefault(profile.name),
  LINKEDIN_URL: webUrl.prefault(profile.linkedinUrl),
  MESSENGER_URL: webUrl.prefault(profile.messengerUrl),
  VIDEO_URL: webUrl.prefault(profile.videoUrl),
  VIDEO_THUMBNAIL_URL: webUrl.prefault(profile.videoThumbnailUrl),
  CONTACT_EMAIL: z.string().regex(EMAIL_ADDRESS, shown('an e-mail address')).prefault(profile.email),
  CONTACT_PHONE: z
    .string()
    .regex(/^\+?[\d\s().-]{5,}$/, shown('a phone number'))
    .prefault(profile.phone),
  SITE_LANGUAGES: siteLanguages.prefault(SITE_LANGUAGES.join(',')),
  OWNER_TIME_ZONE: timeZone.default('UTC'),
  sms,
  TWILIO_API_URL: providerUrl,
  email,
  FOLLOW_UP_AFTER_HOURS: decimal(0, 720).default(20),
  HOST: z.string().default('127.0.0.1'),
  PORT: int(0, 65535).default(3000),
  PUBLIC_URL: webUrl.optional(),
  LOG_LEVEL: oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
  DATABASE_PATH: z.string().default('data/leads.db'),
  IP_HASH_SALT: z.string().optional(),
  TRUST_PROXY: trustProxy,
  LEAD_RATE_LIMIT: int(1, 1_000_000).default(5),
  LEAD_RATE_WINDOW_MS: int(1_000, 86_400_000).default(600_000),
  WEBHOOK_INCLUDE_SPAM: flag,
  WEBHOOK_ALLOW_PRIVATE: flag,
  webhook,
  TELEGRAM_API_URL: providerUrl,
  telegram,
  NTFY_URL: ntfyTopic.optional(),
  NTFY_TOKEN: z.string().optional(),
  DNS_SERVERS: dnsServers.optional(),
  ALERT_TIMEOUT_MS: int(100, 120_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: int(0, 120_000).default(10_000),
  HEADERS_TIMEOUT_MS: int(100, 120_000).default(10_000),
  REQUEST_TIMEOUT_MS: int(100, 600_000).default(30_000),
  LEAD_VERIFICATION: oneOf(['proof', 'off']).default('proof'),
  LEAD_MIN_FILL_MS: int(0, 3_600_000).default(3_000),
  LEAD_MAX_PER_EMAIL_PER_DAY: int(1, 1_000_000).default(3),
  LEAD_CHALLENGE_SECRET: z.string().optional(),
  LEAD_CHALLENGE_DIFFICULTY: int(10, 10_000_000).default(15_000),
  LEAD_AUTO_REPLY: flag,
  LEAD_AUTO_REPLY_MAX_PER_HOUR: int(0, 1_000_000).default(20),
  LEAD_AUTO_REPLY_MAX_PER_DAY: int(0, 1_000_000).default(100),
  LEAD_LINK_SECRET: z.string().optional(),
  LEAD_RETENTION_DAYS: int(1, 36_500).optional(),
  SPAM_RETENTION_DAYS: int(1, 3_650).default(30),
  PAGE_VIEWS_RETENTION_DAYS: int(90, 36_500).default(400),
  OWNER_SESSION_IDLE_HOURS: int(1, 720).default(72),
  OWNER_SESSION_MAX_DAYS: int(1, 365).default(30),
});

export type Variables = z.output<typeof variables>;

/**
 * The rules across variables. They run even when a variable was refused, so every problem of a start is
 * reported together: a refused number or flag reads as its default (as if unset), a URL refused on its own
 * earns no second problem, and a group counts as set once all its variables are, well formed or not.
 */
function rules(v: Variables, ctx: z.RefinementCtx<Variables>): void {
  const refused = new Set(ctx.issues.flatMap((issue) => issue.path ?? []));
  const value = <K extends keyof Variables>(name: K): Variables[K] =>
    refused.has(name) ? (variables.shape[name].parse(undefined) as Variables[K]) : v[name];
  // Node refuses a headers timeout longer than the request timeout.
  if (value('HEADERS_TIMEOUT_MS') > value('REQUEST_TIMEOUT_MS'))
    ctx.addIssue('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  if (value('LEAD_AUTO_REPLY') && !v.email)
    ctx.addIssue('LEAD_AUTO_REPLY=true needs e-mail: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM');
  // An http: URL that parses is one WEBHOOK_URL's own check took.
  if (v.webhook && parsedUrl(v.webhook.WEBHOOK_URL)?.protocol === 'http:' && !value('WEBHOOK_ALLOW_PRIVATE'))
    ctx.addIssue(
      'WEBHOOK_URL must be https: (leads would cross the network in clear); http: is taken only with WEBHOOK_ALLOW_PRIVATE=true, for an endpoint on this machine or its network',
    );
  if (v.NTFY_TOKEN !== undefined && v.NTFY_URL === undefined)
    ctx.addIssue('NTFY_TOKEN is set but NTFY_URL is not: set the topic URL too, or neither');
  const topic = v.NTFY_URL === undefined || refused.has('NTFY_URL') ? undefined : parsedUrl(v.NTFY_URL);
  if (topic && v.NTFY_TOKEN !== undefined && tokenInClear(topic))
    ctx.addIssue('NTFY_URL must be https: when NTFY_TOKEN is set, or the token would cross the network in clear');
}

/** The environment as the schema reads it: each variable trimmed, blank as unset; a group reads its own. */
export const envSchema = z.preprocess(
  (env: Record<string, string | undefined>) =>
    Object.fromEntries(Object.keys(variables.shape).map((key) => [key, /^[A-Z]/.test(key) ? clean(env[key]) : env])),
  variables.superRefine(rules, { when: () => true }),
);
