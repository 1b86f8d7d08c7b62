/**
 * Configuration parsing as an operator meets it: what an empty environment
 * gives, that every variable is read, and that each mistake is refused at
 * start-up with a message naming the variable (never echoing a secret), all
 * mistakes of one run together.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, thumbnailOrigin } from '../../src/config';
import { refusal, type Env } from '../support/configProblems';

const sms: Env = {
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'tok-secret-42',
  TWILIO_FROM: '+15550001111',
  ALERT_SMS_TO: '+15550002222',
};
const email: Env = {
  SMTP_URL: 'smtp://user:pw-secret-42@mail.example.com:587',
  ALERT_EMAIL_TO: 'owner@example.com',
  ALERT_EMAIL_FROM: 'alerts@example.com',
};

describe('loadConfig defaults', () => {
  it('runs a production server on 127.0.0.1:3000 with alerts off when nothing is set', () => {
    assert.deepEqual(loadConfig({}), {
      nodeEnv: 'production',
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      publicUrlSet: false,
      profile: {
        name: 'Anna Volkova',
        email: 'hello@annavolkova.com',
        phone: '+1 (415) 555-0142',
        linkedinUrl: 'https://www.linkedin.com/in/annavolkova-gtm',
        messengerUrl: 'https://t.me/annavolkova_gtm',
        videoUrl: 'https://www.youtube.com/watch?v=8fQx2bP1kLw',
        videoThumbnailUrl: 'https://i.ytimg.com/vi/8fQx2bP1kLw/hqdefault.jpg',
      },
      siteLanguages: ['en', 'pt', 'es'],
      ownerTimeZone: 'UTC',
      logLevel: 'info',
      databasePath: 'data/leads.db',
      ipHashSalt: undefined,
      trustProxy: false,
      leadRateLimit: 5,
      leadRateWindowMs: 600000,
      sms: null,
      email: null,
      webhook: null,
      telegram: null,
      ntfy: null,
      dnsServers: undefined,
      alertTimeoutMs: 5000,
      shutdownTimeoutMs: 10000,
      headersTimeoutMs: 10000,
      requestTimeoutMs: 30000,
      grading: {
        verification: 'proof',
        minFillMs: 3000,
        maxPerEmailPerDay: 3,
        challengeSecret: undefined,
        challengeDifficulty: 15000,
      },
      autoReply: false,
      autoReplyCap: { perHour: 20, perDay: 100 },
      followUpAfterMs: 72000000,
      linkSecret: undefined,
      retention: { leadDays: null, spamDays: 30, pageViewDays: 400 },
      ownerSession: { idleMs: 72 * 3_600_000, maxMs: 30 * 86_400_000 },
    });
  });

  it('logs nothing by default under NODE_ENV=test, and info otherwise', () => {
    assert.equal(loadConfig({ NODE_ENV: 'test' }).logLevel, 'silent');
    assert.equal(loadConfig({ NODE_ENV: 'development' }).logLevel, 'info');
    assert.equal(loadConfig({ NODE_ENV: 'development' }).nodeEnv, 'development');
    assert.equal(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel, 'debug');
  });

  it('treats empty and blank variables as unset, and trims values', () => {
    assert.equal(loadConfig({ PORT: '' }).port, 3000);
    assert.equal(loadConfig({ PORT: '   ' }).port, 3000);
    assert.equal(loadConfig({ PORT: ' 8080 ' }).port, 8080);
    assert.equal(loadConfig({ HOST: '  0.0.0.0 ' }).host, '0.0.0.0');
    assert.equal(
      loadConfig({ TWILIO_ACCOUNT_SID: ' ' }).sms,
      null,
      'a blank group member does not switch the channel on',
    );
  });
});

describe('loadConfig reads every variable', () => {
  it('takes each value that is set', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: '8080',
      PUBLIC_URL: 'https://www.example.com//',
      OWNER_NAME: 'Jane Doe',
      OWNER_TIME_ZONE: 'America/Sao_Paulo',
      SITE_LANGUAGES: 'es, EN',
      CONTACT_EMAIL: 'jane@example.com',
      CONTACT_PHONE: '+44 20 7946 0958',
      LINKEDIN_URL: 'https://www.linkedin.com/in/jane',
      MESSENGER_URL: 'https://t.me/jane',
      VIDEO_URL: 'https://video.example.com/watch/1',
      VIDEO_THUMBNAIL_URL: 'https://img.example.com/thumbs/1.jpg',
      LOG_LEVEL: 'warn',
      DATABASE_PATH: '/var/lib/site/leads.db',
      IP_HASH_SALT: 'salt-value',
      TRUST_PROXY: 'loopback',
      LEAD_RATE_LIMIT: '20',
      LEAD_RATE_WINDOW_MS: '60000',
      ...sms,
      TWILIO_API_URL: 'http://127.0.0.1:9999',
      ...email,
      SMTP_ALLOW_PLAINTEXT: 'true',
      WEBHOOK_URL: 'https://hooks.example.com/leads',
      WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      WEBHOOK_INCLUDE_SPAM: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      TELEGRAM_BOT_TOKEN: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
      TELEGRAM_CHAT_ID: '-1001234567890',
      TELEGRAM_API_URL: 'http://127.0.0.1:9998',
      NTFY_URL: 'https://ntfy.example.com/leads-3f9a',
      NTFY_TOKEN: 'tk_secret42',
      DNS_SERVERS: '127.0.0.1:5353, 9.9.9.9',
      ALERT_TIMEOUT_MS: '2500',
      SHUTDOWN_TIMEOUT_MS: '2000',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '20000',
      LEAD_VERIFICATION: 'off',
      LEAD_MIN_FILL_MS: '1500',
      LEAD_MAX_PER_EMAIL_PER_DAY: '5',
      LEAD_CHALLENGE_SECRET: 'challenge-secret',
      LEAD_CHALLENGE_DIFFICULTY: '20000',
      LEAD_AUTO_REPLY: 'true',
      LEAD_AUTO_REPLY_MAX_PER_HOUR: '7',
      LEAD_AUTO_REPLY_MAX_PER_DAY: '30',
      PAGE_VIEWS_RETENTION_DAYS: '120',
      OWNER_SESSION_IDLE_HOURS: '12',
      OWNER_SESSION_MAX_DAYS: '7',
      FOLLOW_UP_AFTER_HOURS: '0.01',
      LEAD_LINK_SECRET: 'link-secret',
      LEAD_RETENTION_DAYS: '365',
      SPAM_RETENTION_DAYS: '7',
    });
    assert.deepEqual(config, {
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 8080,
      publicUrl: 'https://www.example.com',
      publicUrlSet: true,
      profile: {
        name: 'Jane Doe',
        email: 'jane@example.com',
        phone: '+44 20 7946 0958',
        linkedinUrl: 'https://www.linkedin.com/in/jane',
        messengerUrl: 'https://t.me/jane',
        videoUrl: 'https://video.example.com/watch/1',
        videoThumbnailUrl: 'https://img.example.com/thumbs/1.jpg',
      },
      siteLanguages: ['en', 'es'],
      ownerTimeZone: 'America/Sao_Paulo',
      logLevel: 'warn',
      databasePath: '/var/lib/site/leads.db',
      ipHashSalt: 'salt-value',
      trustProxy: 'loopback',
      leadRateLimit: 20,
      leadRateWindowMs: 60000,
      sms: {
        accountSid: 'AC0123456789abcdef0123456789abcdef',
        authToken: 'tok-secret-42',
        from: '+15550001111',
        to: '+15550002222',
        apiUrl: 'http://127.0.0.1:9999',
      },
      email: {
        smtpUrl: 'smtp://user:pw-secret-42@mail.example.com:587',
        to: 'owner@example.com',
        from: 'alerts@example.com',
        allowPlaintext: true,
      },
      webhook: {
        url: 'https://hooks.example.com/leads',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        includeSpam: true,
        allowPrivate: true,
      },
      telegram: {
        botToken: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
        chatId: '-1001234567890',
        apiUrl: 'http://127.0.0.1:9998',
      },
      ntfy: { topicUrl: 'https://ntfy.example.com/leads-3f9a', token: 'tk_secret42' },
      dnsServers: ['127.0.0.1:5353', '9.9.9.9'],
      alertTimeoutMs: 2500,
      shutdownTimeoutMs: 2000,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20000,
      grading: {
        verification: 'off',
        minFillMs: 1500,
        maxPerEmailPerDay: 5,
        challengeSecret: 'challenge-secret',
        challengeDifficulty: 20000,
      },
      autoReply: true,
      autoReplyCap: { perHour: 7, perDay: 30 },
      followUpAfterMs: 36000,
      linkSecret: 'link-secret',
      retention: { leadDays: 365, spamDays: 7, pageViewDays: 120 },
      ownerSession: { idleMs: 12 * 3_600_000, maxMs: 7 * 86_400_000 },
    });
    assert.equal(thumbnailOrigin(config), 'https://img.example.com');
  });

  it('turns SMS alerts on without TWILIO_API_URL (the real Twilio), and e-mail alerts with smtps:// and STARTTLS required', () => {
    assert.equal(loadConfig(sms).sms?.apiUrl, undefined);
    const mail = loadConfig({ ...email, SMTP_URL: 'smtps://mail.example.com' }).email;
    assert.equal(mail?.smtpUrl, 'smtps://mail.example.com');
    assert.equal(mail?.allowPlaintext, false);
    assert.equal(loadConfig({ ...email, SMTP_ALLOW_PLAINTEXT: 'false' }).email?.allowPlaintext, false);
  });

  it('takes a Twilio API origin over https:, or over http: only to this machine', () => {
    for (const url of [
      'https://egress.example.com',
      'http://localhost:9999',
      'http://LOCALHOST:9999',
      'http://127.0.0.1:9999',
      'http://127.1.2.3',
      'http://127.10.200.30:9999',
      'http://[::1]:9999',
    ]) {
      assert.equal(loadConfig({ ...sms, TWILIO_API_URL: url }).sms?.apiUrl, url);
    }
  });

  it('believes a proxy named by address, and none by default', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy, 'loopback');
    assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12' }).trustProxy, '10.0.0.1, 172.16.0.0/12');
    assert.equal(loadConfig({ TRUST_PROXY: '172.30.0.1' }).trustProxy, '172.30.0.1');
  });
});

describe('loadConfig refuses numbers that are not whole numbers in range', () => {
  it('refuses trailing garbage, naming the variable', () => {
    assert.equal(refusal({ PORT: '8080abc' }), 'PORT must be a whole number from 0 to 65535 (got "8080abc")');
    assert.equal(
      refusal({ ALERT_TIMEOUT_MS: '5s' }),
      'ALERT_TIMEOUT_MS must be a whole number from 100 to 120000 (got "5s")',
    );
  });

  it('refuses leading garbage, decimals, exponents, hex and words', () => {
    for (const value of ['abc8080', 'x1', '3000.5', '1e3', '0x10', 'eighty', '-', '8 080']) {
      assert.equal(refusal({ PORT: value }), `PORT must be a whole number from 0 to 65535 (got "${value}")`);
    }
  });

  it('accepts the bounds and refuses one past them', () => {
    assert.equal(loadConfig({ PORT: '0' }).port, 0);
    assert.equal(loadConfig({ PORT: '65535' }).port, 65535);
    assert.equal(refusal({ PORT: '65536' }), 'PORT must be a whole number from 0 to 65535 (got "65536")');
    assert.equal(
      refusal({ SHUTDOWN_TIMEOUT_MS: '-1' }),
      'SHUTDOWN_TIMEOUT_MS must be a whole number from 0 to 120000 (got "-1")',
    );
    assert.equal(loadConfig({ OWNER_SESSION_MAX_DAYS: '1' }).ownerSession.maxMs, 86_400_000);
    assert.equal(loadConfig({ OWNER_SESSION_MAX_DAYS: '365' }).ownerSession.maxMs, 365 * 86_400_000);
    assert.equal(
      refusal({ OWNER_SESSION_MAX_DAYS: '0' }),
      'OWNER_SESSION_MAX_DAYS must be a whole number from 1 to 365 (got "0")',
    );
    assert.equal(
      refusal({ OWNER_SESSION_MAX_DAYS: '366' }),
      'OWNER_SESSION_MAX_DAYS must be a whole number from 1 to 365 (got "366")',
    );
  });

  it('states the range of each numeric variable', () => {
    const cases: [string, string][] = [
      ['LEAD_RATE_LIMIT', 'from 1 to 1000000'],
      ['LEAD_RATE_WINDOW_MS', 'from 1000 to 86400000'],
      ['ALERT_TIMEOUT_MS', 'from 100 to 120000'],
      ['LEAD_MIN_FILL_MS', 'from 0 to 3600000'],
      ['HEADERS_TIMEOUT_MS', 'from 100 to 120000'],
      ['REQUEST_TIMEOUT_MS', 'from 100 to 600000'],
    ];
    for (const [name, range] of cases)
      assert.equal(refusal({ [name]: 'many' }), `${name} must be a whole number ${range} (got "many")`);
  });

  it('refuses a headers timeout longer than the request timeout, but not an equal one', () => {
    assert.equal(
      refusal({ HEADERS_TIMEOUT_MS: '30001' }),
      'HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS',
    );
    assert.equal(loadConfig({ HEADERS_TIMEOUT_MS: '30000' }).headersTimeoutMs, 30000);
  });
});

describe('loadConfig refuses malformed values', () => {
  it('refuses an unknown NODE_ENV or LOG_LEVEL, listing the allowed values', () => {
    assert.equal(
      refusal({ NODE_ENV: 'staging' }),
      'NODE_ENV must be one of production, development, test (got "staging")',
    );
    assert.equal(
      refusal({ LOG_LEVEL: 'verbose' }),
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (got "verbose")',
    );
  });

  it('refuses URLs that are not http or https', () => {
    assert.equal(
      refusal({ PUBLIC_URL: 'ftp://example.com' }),
      'PUBLIC_URL must be a http: or https: URL (got "ftp://example.com")',
    );
    assert.equal(
      refusal({ PUBLIC_URL: 'example.com' }),
      'PUBLIC_URL must be a http: or https: URL (got "example.com")',
    );
    assert.equal(
      refusal({ VIDEO_URL: 'javascript:alert(1)' }),
      'VIDEO_URL must be a http: or https: URL (got "javascript:alert(1)")',
    );
    assert.equal(loadConfig({ PUBLIC_URL: 'http://example.com' }).publicUrl, 'http://example.com');
  });

  it('refuses TRUST_PROXY=true or a hop count: a client reaching the port directly could pick its own address', () => {
    for (const value of ['true', '1', '2', '10']) {
      assert.equal(
        refusal({ TRUST_PROXY: value }),
        `TRUST_PROXY must name the proxy by address (e.g. loopback, or the container bridge's gateway 172.17.0.1), not "${value}": ` +
          'true or a hop count would let a client that reaches the port directly choose its own address',
      );
    }
  });

  it('refuses a Twilio API origin that would carry the credentials in clear, without showing it', () => {
    const message =
      'TWILIO_API_URL must be an https: URL, or http: to this machine (localhost, 127.0.0.1, ::1); its value is not shown';
    for (const url of [
      'http://proxy.example.com',
      'http://127.0.0.1.example.com',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://[::2]',
      'ftp://127.0.0.1',
      'localhost:9999',
      'not a url',
    ]) {
      assert.equal(refusal({ ...sms, TWILIO_API_URL: url }), message, url);
    }
  });

  it('refuses SMTP_ALLOW_PLAINTEXT other than true or false', () => {
    assert.equal(
      refusal({ ...email, SMTP_ALLOW_PLAINTEXT: 'yes' }),
      'SMTP_ALLOW_PLAINTEXT must be one of true, false (got "yes")',
    );
  });

  it('refuses a contact e-mail address or phone number that cannot be one', () => {
    for (const value of [
      'hello',
      'hello@example',
      'hello@@example.com',
      'hello there@example.com',
      '<hello@example.com>',
      'hello@example.com extra',
    ]) {
      assert.equal(refusal({ CONTACT_EMAIL: value }), `CONTACT_EMAIL must be an e-mail address (got "${value}")`);
    }
    assert.equal(loadConfig({ CONTACT_EMAIL: 'a@b.co' }).profile.email, 'a@b.co');
    for (const value of ['call me', '1234', '555-0142 ext. 3', 'x+1 415 555 0142']) {
      assert.equal(refusal({ CONTACT_PHONE: value }), `CONTACT_PHONE must be a phone number (got "${value}")`);
    }
    for (const value of ['12345', '+1 (415) 555-0142', '020.7946.0958'])
      assert.equal(loadConfig({ CONTACT_PHONE: value }).profile.phone, value);
  });

  it('refuses a half-configured alert channel, naming what is missing but no value', () => {
    const smsProblem = refusal({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'tok-secret-42' });
    assert.equal(
      smsProblem,
      'SMS alerts need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, ALERT_SMS_TO: set all of them or none (missing TWILIO_FROM, ALERT_SMS_TO)',
    );
    assert.equal(
      refusal({ SMTP_URL: 'smtp://user:pw-secret-42@mail.example.com' }),
      'E-mail alerts need SMTP_URL, ALERT_EMAIL_TO, ALERT_EMAIL_FROM: set all of them or none (missing ALERT_EMAIL_TO, ALERT_EMAIL_FROM)',
    );
  });

  it('refuses an SMTP URL of another scheme without showing it (it may hold a password)', () => {
    const problem = refusal({ ...email, SMTP_URL: 'https://user:pw-secret-42@mail.example.com' });
    assert.equal(
      problem,
      'SMTP_URL must start with smtp:// or smtps:// (its value is not shown: it may hold a password)',
    );
    assert.equal(refusal({ ...email, SMTP_URL: 'mail.example.com smtp://x' }), problem);
  });

  it('refuses alert addresses that are not e-mail addresses', () => {
    const hint = 'must be an e-mail address (name@example.com, or Name <name@example.com>)';
    for (const value of [
      'owner',
      'owner@example',
      '<owner@example.com>',
      'Owner <owner@example.com',
      'owner@example.com, other@example.com',
    ]) {
      assert.equal(refusal({ ...email, ALERT_EMAIL_TO: value }), `ALERT_EMAIL_TO ${hint}`, value);
      assert.equal(refusal({ ...email, ALERT_EMAIL_FROM: value }), `ALERT_EMAIL_FROM ${hint}`, value);
    }
    assert.equal(
      loadConfig({ ...email, ALERT_EMAIL_FROM: 'Site alerts <alerts@example.com>' }).email?.from,
      'Site alerts <alerts@example.com>',
    );
    assert.equal(
      loadConfig({ ...email, ALERT_EMAIL_TO: 'Anna <anna@example.com>' }).email?.to,
      'Anna <anna@example.com>',
    );
  });

  it('reports every mistake of one run together, in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: '8080abc', ALERT_TIMEOUT_MS: '5s', NODE_ENV: 'prod', TWILIO_AUTH_TOKEN: 'tok-secret-42' });
    } catch (err) {
      caught = err;
    }
    assert.ok(caught instanceof ConfigError);
    assert.equal(caught.name, 'ConfigError');
    assert.deepEqual(caught.problems, [
      'NODE_ENV must be one of production, development, test (got "prod")',
      'SMS alerts need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, ALERT_SMS_TO: set all of them or none (missing TWILIO_ACCOUNT_SID, TWILIO_FROM, ALERT_SMS_TO)',
      'PORT must be a whole number from 0 to 65535 (got "8080abc")',
      'ALERT_TIMEOUT_MS must be a whole number from 100 to 120000 (got "5s")',
    ]);
    assert.equal(
      caught.message,
      'Invalid configuration:\n' +
        '  - NODE_ENV must be one of production, development, test (got "prod")\n' +
        '  - SMS alerts need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, ALERT_SMS_TO: set all of them or none (missing TWILIO_ACCOUNT_SID, TWILIO_FROM, ALERT_SMS_TO)\n' +
        '  - PORT must be a whole number from 0 to 65535 (got "8080abc")\n' +
        '  - ALERT_TIMEOUT_MS must be a whole number from 100 to 120000 (got "5s")',
    );
    assert.ok(!caught.message.includes('tok-secret-42'), 'a secret value never appears');
  });
});
