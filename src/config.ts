/**
 * Configuration: every environment variable the server and the CLI read,
 * parsed and validated once at start-up. Problems are collected (not thrown
 * one by one) so an operator sees every mistake in a single run. Secret and
 * personal values never appear in a problem message.
 */
import { owner as ownerDefaults, type OwnerDetails } from './content/content';
import {
  EMAIL_ADDRESS,
  readEmailConfig,
  readSmsConfig,
  type EmailConfig,
  type SmsConfig,
} from './config/alertProviders';
import {
  readDnsServers,
  readNtfyConfig,
  readTelegramConfig,
  readWebhookConfig,
  type NtfyConfig,
  type TelegramConfig,
  type WebhookConfig,
} from './config/ownerChannels';
import { Reader, type Env } from './config/reader';

export { isLoopbackHost } from './config/reader';
export type { EmailConfig, NtfyConfig, SmsConfig, TelegramConfig, WebhookConfig };

export type NodeEnv = 'production' | 'development' | 'test';

/** How submissions are graded verified, unverified or spam. */
export interface GradingConfig {
  /** 'proof': a solved proof-of-work challenge makes a lead verified; 'off': every lead that is not spam is. */
  verification: 'proof' | 'off';
  /** A proven lead sent sooner than this after its challenge was issued is unverified. */
  minFillMs: number;
  /** More leads than this from one e-mail address within 24 hours are spam. */
  maxPerEmailPerDay: number;
  /** HMAC key of the challenges; undefined: generated once and kept in the database. */
  challengeSecret: string | undefined;
  /** The most hashes a browser may need to solve a challenge (it needs 1/2 to 1 times this). */
  challengeDifficulty: number;
}

export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Canonical origin without a trailing slash, e.g. https://example.com; unset: http://localhost:<port>. */
  publicUrl: string;
  /** False when PUBLIC_URL was left unset: the listening address then counts as the site's own origin too. */
  publicUrlSet: boolean;
  owner: OwnerDetails;
  logLevel: string;
  databasePath: string;
  /** The key of the stored IP hash; when absent a random key is kept in memory and replaced daily. */
  ipHashSalt: string | undefined;
  /** The proxies whose X-Forwarded-* headers are believed, by address (Express's 'trust proxy'); false: none. */
  trustProxy: false | string;
  leadRateLimit: number;
  leadRateWindowMs: number;
  /** null: the channel is not configured and its alerts are 'skipped'. */
  sms: SmsConfig | null;
  email: EmailConfig | null;
  /** The owner's optional channels: null when not configured (no row, not even 'skipped'). */
  webhook: WebhookConfig | null;
  telegram: TelegramConfig | null;
  ntfy: NtfyConfig | null;
  /** The resolver the mail-domain check asks (DNS_SERVERS); undefined: the system's. */
  dnsServers: string[] | undefined;
  alertTimeoutMs: number;
  alertRetryBaseMs: number;
  alertMaxAttempts: number;
  shutdownTimeoutMs: number;
  /** A client must send its request headers within this time, and the whole request within requestTimeoutMs. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  grading: GradingConfig;
  /** LEAD_AUTO_REPLY: a verified lead gets a thank-you e-mail (needs e-mail configured). */
  autoReply: boolean;
  /**
   * Site-wide caps on auto-replies (LEAD_AUTO_REPLY_MAX_PER_HOUR, _PER_DAY): anyone who solves the
   * proof of work can name any address, so the volume the owner's domain sends to strangers is bounded.
   */
  autoReplyCap: { perHour: number; perDay: number };
  /** After how long a lead still marked new earns the owner a reminder; null: no reminders. */
  followUpAfterMs: number | null;
  /** HMAC key of the links in alert e-mails; undefined: generated once and kept in the database. */
  linkSecret: string | undefined;
  /** Days after which leads are deleted (null: kept); spam has its own, shorter, retention. */
  retention: { leadDays: number | null; spamDays: number; pageViewDays: number };
  /** The owner's inbox sessions: ended after idleMs unused, or maxMs after they began. */
  ownerSession: { idleMs: number; maxMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The proxy is trusted by address only. `true` or a hop count would believe the first hop
 * whoever it is: a client reaching the port directly could then choose its own address with
 * X-Forwarded-For and pass the rate limit.
 */
function readTrustProxy(r: Reader): false | string {
  const value = r.raw('TRUST_PROXY');
  if (value === undefined || value === 'false') return false;
  if (value === 'true' || /^\d+$/.test(value)) {
    r.problems.push(
      `TRUST_PROXY must name the proxy by address (e.g. loopback, or the container bridge's gateway 172.17.0.1), not "${value}": ` +
        'true or a hop count would let a client that reaches the port directly choose its own address',
    );
    return false;
  }
  return value; // e.g. "loopback" or "10.0.0.1, 172.16.0.0/12": Express parses the list
}

function readOwner(r: Reader): OwnerDetails {
  const owner: OwnerDetails = {
    name: r.string('OWNER_NAME', ownerDefaults.name),
    email: r.string('CONTACT_EMAIL', ownerDefaults.email),
    phone: r.string('CONTACT_PHONE', ownerDefaults.phone),
    linkedinUrl: r.url('LINKEDIN_URL', ownerDefaults.linkedinUrl),
    messengerUrl: r.url('MESSENGER_URL', ownerDefaults.messengerUrl),
    videoUrl: r.url('VIDEO_URL', ownerDefaults.videoUrl),
    videoThumbnailUrl: r.url('VIDEO_THUMBNAIL_URL', ownerDefaults.videoThumbnailUrl),
  };
  if (!EMAIL_ADDRESS.test(owner.email))
    r.problems.push(`CONTACT_EMAIL must be an e-mail address (got "${owner.email}")`);
  if (!/^\+?[\d\s().-]{5,}$/.test(owner.phone))
    r.problems.push(`CONTACT_PHONE must be a phone number (got "${owner.phone}")`);
  return owner;
}

function readGrading(r: Reader): GradingConfig {
  return {
    verification: r.oneOf('LEAD_VERIFICATION', 'proof', ['proof', 'off']),
    minFillMs: r.int('LEAD_MIN_FILL_MS', 3_000, 0, 3_600_000),
    maxPerEmailPerDay: r.int('LEAD_MAX_PER_EMAIL_PER_DAY', 3, 1, 1_000_000),
    challengeSecret: r.raw('LEAD_CHALLENGE_SECRET'),
    challengeDifficulty: r.int('LEAD_CHALLENGE_DIFFICULTY', 15_000, 10, 10_000_000),
  };
}

/**
 * PUBLIC_URL's default follows PORT, so a local start on any port has a canonical origin that
 * opens this very server (and the form's same-origin check accepts the page it served).
 */
function defaultPublicUrl(port: number): string {
  return `http://localhost:${port}`;
}

export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const nodeEnv = r.oneOf<NodeEnv>('NODE_ENV', 'production', ['production', 'development', 'test']);
  const owner = readOwner(r);
  const sms = readSmsConfig(r);
  const email = readEmailConfig(r);
  const followUpHours = r.decimal('FOLLOW_UP_AFTER_HOURS', 20, 0, 720);
  const host = r.string('HOST', '127.0.0.1');
  const port = r.int('PORT', 3000, 0, 65535);
  const publicUrlSet = r.raw('PUBLIC_URL') !== undefined;
  const publicUrl = r.url('PUBLIC_URL', defaultPublicUrl(port)).replace(/\/+$/, '');

  const config: Config = {
    nodeEnv,
    host,
    port,
    publicUrl,
    publicUrlSet,
    owner,
    logLevel: r.oneOf('LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info', [
      'trace',
      'debug',
      'info',
      'warn',
      'error',
      'fatal',
      'silent',
    ]),
    databasePath: r.string('DATABASE_PATH', 'data/leads.db'),
    ipHashSalt: r.raw('IP_HASH_SALT'),
    trustProxy: readTrustProxy(r),
    leadRateLimit: r.int('LEAD_RATE_LIMIT', 5, 1, 1_000_000),
    leadRateWindowMs: r.int('LEAD_RATE_WINDOW_MS', 600_000, 1_000, 86_400_000),
    sms,
    email,
    webhook: readWebhookConfig(r),
    telegram: readTelegramConfig(r),
    ntfy: readNtfyConfig(r),
    dnsServers: readDnsServers(r),
    alertTimeoutMs: r.int('ALERT_TIMEOUT_MS', 5_000, 100, 120_000),
    alertRetryBaseMs: r.int('ALERT_RETRY_BASE_MS', 30_000, 10, 86_400_000),
    alertMaxAttempts: r.int('ALERT_MAX_ATTEMPTS', 10, 1, 100),
    shutdownTimeoutMs: r.int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 120_000),
    headersTimeoutMs: r.int('HEADERS_TIMEOUT_MS', 10_000, 100, 120_000),
    requestTimeoutMs: r.int('REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    grading: readGrading(r),
    autoReply: r.flag('LEAD_AUTO_REPLY'),
    autoReplyCap: {
      perHour: r.int('LEAD_AUTO_REPLY_MAX_PER_HOUR', 20, 0, 1_000_000),
      perDay: r.int('LEAD_AUTO_REPLY_MAX_PER_DAY', 100, 0, 1_000_000),
    },
    followUpAfterMs: followUpHours === 0 ? null : Math.round(followUpHours * 3_600_000),
    linkSecret: r.raw('LEAD_LINK_SECRET'),
    retention: {
      leadDays: r.optionalInt('LEAD_RETENTION_DAYS', 1, 36_500) ?? null,
      spamDays: r.int('SPAM_RETENTION_DAYS', 30, 1, 3_650),
      pageViewDays: r.int('PAGE_VIEWS_RETENTION_DAYS', 400, 90, 36_500),
    },
    ownerSession: {
      idleMs: r.int('OWNER_SESSION_IDLE_HOURS', 72, 1, 720) * 3_600_000,
      maxMs: r.int('OWNER_SESSION_MAX_DAYS', 30, 1, 365) * 86_400_000,
    },
  };
  // Node refuses a headers timeout longer than the request timeout.
  if (config.headersTimeoutMs > config.requestTimeoutMs)
    r.problems.push('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  if (config.autoReply && !email)
    r.problems.push('LEAD_AUTO_REPLY=true needs e-mail: set SMTP_URL, ALERT_EMAIL_TO and ALERT_EMAIL_FROM');

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/** The origin of the video thumbnail: the only other origin images may come from (CSP img-src). */
export function thumbnailOrigin(config: Pick<Config, 'owner'>): string {
  return new URL(config.owner.videoThumbnailUrl).origin;
}

/**
 * What an operator should fix but the server can run with: one line each, for the start-up log.
 * Pure, so the server decides how to log them.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && !config.publicUrlSet) {
    warnings.push(
      `PUBLIC_URL is unset: it defaults to ${config.publicUrl}, which only this machine can open; set it to the site's public https:// origin in production ` +
        "(the canonical link, the sitemap, the links in alert e-mails and the form's same-origin check use it)",
    );
  }
  return warnings;
}
