/**
 * Configuration: the environment, validated once at start-up by one schema (src/config/schema.ts), as the settings
 * the rest of the code reads. Problems are collected, not thrown one by one, so an operator sees every mistake in a
 * single run; secret and personal values never appear in a problem message.
 */
import { envSchema, type Variables } from './config/schema';
import type { Env } from './config/variables';

export { EMAIL_ADDRESS } from './config/alertProviders';
export { isLoopbackHost, parsedUrl } from './config/variables';

export type Config = ReturnType<typeof toConfig>;
/** How submissions are graded verified, unverified or spam. */
export type GradingConfig = Config['grading'];
export type SmsConfig = NonNullable<Config['sms']>;
export type EmailConfig = NonNullable<Config['email']>;
export type WebhookConfig = NonNullable<Config['webhook']>;
export type TelegramConfig = NonNullable<Config['telegram']>;
export type NtfyConfig = NonNullable<Config['ntfy']>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The settings the environment describes; a ConfigError lists everything wrong with it, one line each. */
export function loadConfig(env: Env = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) throw new ConfigError(result.error.issues.map((issue) => issue.message));
  return toConfig(result.data);
}

/** The settings the rest of the code reads, named for it, from the parsed variables; Config is their type. */
function toConfig(v: Variables) {
  return {
    nodeEnv: v.NODE_ENV,
    host: v.HOST,
    port: v.PORT,
    /** Canonical origin, no trailing slash; unset: http://localhost:<port>, which opens this very server. */
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    /** False when PUBLIC_URL was left unset: the listening address then counts as the site's own origin too. */
    publicUrlSet: v.PUBLIC_URL !== undefined,
    profile: {
      name: v.OWNER_NAME,
      email: v.CONTACT_EMAIL,
      phone: v.CONTACT_PHONE,
      linkedinUrl: v.LINKEDIN_URL,
      messengerUrl: v.MESSENGER_URL,
      videoUrl: v.VIDEO_URL,
      videoThumbnailUrl: v.VIDEO_THUMBNAIL_URL,
    },
    /** The languages the page may be offered in (SITE_LANGUAGES), English first; a language is offered once complete. */
    siteLanguages: v.SITE_LANGUAGES,
    /** The zone the owner reads times in (inbox, alerts, reminders); stored times stay UTC. */
    ownerTimeZone: v.OWNER_TIME_ZONE,
    logLevel: v.LOG_LEVEL ?? (v.NODE_ENV === 'test' ? 'silent' : 'info'),
    databasePath: v.DATABASE_PATH,
    /** The key of the stored IP hash; when absent a random key is kept in memory and replaced daily. */
    ipHashSalt: v.IP_HASH_SALT,
    /** The proxies whose X-Forwarded-* headers are believed, by address (Express's 'trust proxy'); false: none. */
    trustProxy: v.TRUST_PROXY,
    leadRateLimit: v.LEAD_RATE_LIMIT,
    leadRateWindowMs: v.LEAD_RATE_WINDOW_MS,
    /** null: the channel is not configured and its alerts are 'skipped'. */
    sms: v.sms && {
      accountSid: v.sms.TWILIO_ACCOUNT_SID,
      authToken: v.sms.TWILIO_AUTH_TOKEN,
      from: v.sms.TWILIO_FROM,
      to: v.sms.ALERT_SMS_TO,
      /** Replaces https://api.twilio.com (and the other Twilio origins) for a local fake or an egress proxy. */
      apiUrl: v.TWILIO_API_URL,
    },
    email: v.email && {
      smtpUrl: v.email.SMTP_URL,
      to: v.email.ALERT_EMAIL_TO,
      /** As configured: an address, or `Name <address>`. */
      from: v.email.ALERT_EMAIL_FROM,
      /** Send over smtp:// without STARTTLS to a host that is not this machine. */
      allowPlaintext: v.email.SMTP_ALLOW_PLAINTEXT,
    },
    /** The owner's optional channels: null when not configured (no row, not even 'skipped'). */
    webhook: v.webhook && {
      url: v.webhook.WEBHOOK_URL,
      /** The Standard Webhooks signing secret, `whsec_` and base64. */
      secret: v.webhook.WEBHOOK_SECRET,
      includeSpam: v.WEBHOOK_INCLUDE_SPAM,
      /** http: and addresses on this machine or its network (a local n8n). */
      allowPrivate: v.WEBHOOK_ALLOW_PRIVATE,
    },
    telegram: v.telegram && {
      botToken: v.telegram.TELEGRAM_BOT_TOKEN,
      chatId: v.telegram.TELEGRAM_CHAT_ID,
      /** Replaces https://api.telegram.org for a local stand-in or an egress proxy. */
      apiUrl: v.TELEGRAM_API_URL,
    },
    /** The topic's URL, e.g. https://ntfy.sh/my-leads-3f9a, and its optional access token. */
    ntfy: v.NTFY_URL === undefined ? null : { topicUrl: v.NTFY_URL, token: v.NTFY_TOKEN },
    /** The resolver the mail-domain check asks; undefined: the system's. */
    dnsServers: v.DNS_SERVERS,
    alertTimeoutMs: v.ALERT_TIMEOUT_MS,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    headersTimeoutMs: v.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
    grading: {
      /** 'proof': a solved proof-of-work challenge makes a lead verified; 'off': every lead that is not spam is. */
      verification: v.LEAD_VERIFICATION,
      /** A proven lead sent sooner than this after its challenge was issued is unverified. */
      minFillMs: v.LEAD_MIN_FILL_MS,
      /** More leads than this from one e-mail address within 24 hours are spam. */
      maxPerEmailPerDay: v.LEAD_MAX_PER_EMAIL_PER_DAY,
      /** HMAC key of the challenges; undefined: generated once and kept in the database. */
      challengeSecret: v.LEAD_CHALLENGE_SECRET,
      /** The most hashes a browser may need to solve a challenge (it needs 1/2 to 1 times this). */
      challengeDifficulty: v.LEAD_CHALLENGE_DIFFICULTY,
    },
    /** A verified lead gets a thank-you e-mail (needs e-mail configured). */
    autoReply: v.LEAD_AUTO_REPLY,
    /** Site-wide: anyone who solves the proof of work can name any address, so what goes to strangers is bounded. */
    autoReplyCap: { perHour: v.LEAD_AUTO_REPLY_MAX_PER_HOUR, perDay: v.LEAD_AUTO_REPLY_MAX_PER_DAY },
    /** After how long a lead still marked new earns the owner a reminder; null: no reminders. */
    followUpAfterMs: v.FOLLOW_UP_AFTER_HOURS === 0 ? null : Math.round(v.FOLLOW_UP_AFTER_HOURS * 3_600_000),
    /** HMAC key of the links in alert e-mails; undefined: generated once and kept in the database. */
    linkSecret: v.LEAD_LINK_SECRET,
    /** Days after which leads are deleted (null: kept); spam has its own, shorter, retention. */
    retention: {
      leadDays: v.LEAD_RETENTION_DAYS ?? null,
      spamDays: v.SPAM_RETENTION_DAYS,
      pageViewDays: v.PAGE_VIEWS_RETENTION_DAYS,
    },
    /** The owner's inbox sessions: ended after idleMs unused, or maxMs after they began. */
    ownerSession: { idleMs: v.OWNER_SESSION_IDLE_HOURS * 3_600_000, maxMs: v.OWNER_SESSION_MAX_DAYS * 86_400_000 },
  };
}

/** The origin of the video thumbnail: the only other origin images may come from (CSP img-src). */
export function thumbnailOrigin(config: Pick<Config, 'profile'>): string {
  return new URL(config.profile.videoThumbnailUrl).origin;
}

/** What an operator should fix but the server can run with: one line each, for the server to log. */
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
