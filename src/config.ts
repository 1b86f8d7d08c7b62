/**
 * Configuration: every environment variable the server reads, parsed and
 * validated once at start-up. Problems are collected (not thrown one by one)
 * so an operator sees every mistake in a single run. Secret values never
 * appear in a problem message.
 */
import { owner as ownerDefaults, type OwnerDetails } from './content';

export type NodeEnv = 'production' | 'development' | 'test';

export interface SmsConfig {
  accountSid: string;
  authToken: string;
  from: string;
  to: string;
  /** Replaces https://api.twilio.com (and the other Twilio origins) for a local fake or an egress proxy. */
  apiUrl: string | undefined;
}

export interface EmailConfig {
  smtpUrl: string;
  to: string;
  from: string;
  /** SMTP_ALLOW_PLAINTEXT: send over smtp:// without STARTTLS to a host that is not this machine. */
  allowPlaintext: boolean;
}

export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Canonical origin without a trailing slash, e.g. https://example.com */
  publicUrl: string;
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
  alertTimeoutMs: number;
  alertRetryBaseMs: number;
  alertMaxAttempts: number;
  shutdownTimeoutMs: number;
  /** A client must send its request headers within this time, and the whole request within requestTimeoutMs. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads variables, remembering every problem instead of stopping at the first. */
class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || n < min || n > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return n;
  }

  url(name: string, fallback: string, protocols: string[] = ['http:', 'https:']): string {
    const value = this.raw(name) ?? fallback;
    try {
      const url = new URL(value);
      if (!protocols.includes(url.protocol)) throw new Error('protocol');
      return value;
    } catch {
      this.problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${value}")`);
      return fallback;
    }
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  }

  /** A group of variables that must be set together or not at all. Values are secrets: never echoed. */
  group(label: string, names: string[]): Record<string, string> | null {
    const present = names.filter((n) => this.raw(n) !== undefined);
    if (present.length === 0) return null;
    const missing = names.filter((n) => this.raw(n) === undefined);
    if (missing.length > 0) {
      this.problems.push(`${label} need ${names.join(', ')}: set all of them or none (missing ${missing.join(', ')})`);
      return null;
    }
    return Object.fromEntries(names.map((n) => [n, this.raw(n) as string]));
  }
}

const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** True for localhost, 127.0.0.0/8 and ::1: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The proxy is trusted by address only. `true` or a hop count would believe the first hop
 * whoever it is: a client reaching the port directly could then choose its own address with
 * X-Forwarded-For and pass the rate limit.
 */
function parseTrustProxy(r: Reader): false | string {
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

/**
 * An https: origin, or http: to this machine only (a local fake): anything else would send
 * Twilio's Basic auth in clear. The value is never echoed: it may hold proxy credentials.
 */
function parseTwilioApiUrl(r: Reader): string | undefined {
  const value = r.raw('TWILIO_API_URL');
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))) return value;
  r.problems.push('TWILIO_API_URL must be an https: URL, or http: to this machine (localhost, 127.0.0.1, ::1); its value is not shown');
  return undefined;
}

export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);
  const nodeEnv = r.oneOf<NodeEnv>('NODE_ENV', 'production', ['production', 'development', 'test']);
  const publicUrl = r.url('PUBLIC_URL', 'http://localhost:3000').replace(/\/+$/, '');

  const owner: OwnerDetails = {
    name: r.string('OWNER_NAME', ownerDefaults.name),
    email: r.string('CONTACT_EMAIL', ownerDefaults.email),
    phone: r.string('CONTACT_PHONE', ownerDefaults.phone),
    linkedinUrl: r.url('LINKEDIN_URL', ownerDefaults.linkedinUrl),
    messengerUrl: r.url('MESSENGER_URL', ownerDefaults.messengerUrl),
    videoUrl: r.url('VIDEO_URL', ownerDefaults.videoUrl),
    videoThumbnailUrl: r.url('VIDEO_THUMBNAIL_URL', ownerDefaults.videoThumbnailUrl),
  };
  if (!EMAIL_ADDRESS.test(owner.email)) r.problems.push(`CONTACT_EMAIL must be an e-mail address (got "${owner.email}")`);
  if (!/^\+?[\d\s().-]{5,}$/.test(owner.phone)) r.problems.push(`CONTACT_PHONE must be a phone number (got "${owner.phone}")`);

  const twilio = r.group('SMS alerts', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'ALERT_SMS_TO']);
  const smtp = r.group('E-mail alerts', ['SMTP_URL', 'ALERT_EMAIL_TO', 'ALERT_EMAIL_FROM']);
  const twilioApiUrl = parseTwilioApiUrl(r);
  if (smtp && !/^smtps?:\/\//.test(smtp.SMTP_URL as string)) {
    r.problems.push('SMTP_URL must start with smtp:// or smtps:// (its value is not shown: it may hold a password)');
  }
  for (const name of ['ALERT_EMAIL_TO', 'ALERT_EMAIL_FROM'] as const) {
    if (smtp && !EMAIL_ADDRESS.test(smtp[name] as string)) r.problems.push(`${name} must be an e-mail address`);
  }

  const config: Config = {
    nodeEnv,
    host: r.string('HOST', '127.0.0.1'),
    port: r.int('PORT', 3000, 0, 65535),
    publicUrl,
    owner,
    logLevel: r.oneOf('LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info', ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']),
    databasePath: r.string('DATABASE_PATH', 'data/leads.db'),
    ipHashSalt: r.raw('IP_HASH_SALT'),
    trustProxy: parseTrustProxy(r),
    leadRateLimit: r.int('LEAD_RATE_LIMIT', 5, 1, 1_000_000),
    leadRateWindowMs: r.int('LEAD_RATE_WINDOW_MS', 600_000, 1_000, 86_400_000),
    sms: twilio && {
      accountSid: twilio.TWILIO_ACCOUNT_SID as string,
      authToken: twilio.TWILIO_AUTH_TOKEN as string,
      from: twilio.TWILIO_FROM as string,
      to: twilio.ALERT_SMS_TO as string,
      apiUrl: twilioApiUrl,
    },
    email: smtp && {
      smtpUrl: smtp.SMTP_URL as string,
      to: smtp.ALERT_EMAIL_TO as string,
      from: smtp.ALERT_EMAIL_FROM as string,
      allowPlaintext: r.oneOf('SMTP_ALLOW_PLAINTEXT', 'false', ['true', 'false']) === 'true',
    },
    alertTimeoutMs: r.int('ALERT_TIMEOUT_MS', 5_000, 100, 120_000),
    alertRetryBaseMs: r.int('ALERT_RETRY_BASE_MS', 30_000, 10, 86_400_000),
    alertMaxAttempts: r.int('ALERT_MAX_ATTEMPTS', 10, 1, 100),
    shutdownTimeoutMs: r.int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 120_000),
    headersTimeoutMs: r.int('HEADERS_TIMEOUT_MS', 10_000, 100, 120_000),
    requestTimeoutMs: r.int('REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
  };
  // Node refuses a headers timeout longer than the request timeout.
  if (config.headersTimeoutMs > config.requestTimeoutMs) r.problems.push('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/** The origin of the video thumbnail: the only other origin images may come from (CSP img-src). */
export function thumbnailOrigin(config: Config): string {
  return new URL(config.owner.videoThumbnailUrl).origin;
}
