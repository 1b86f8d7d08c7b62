/**
 * The webhook, Telegram, ntfy and DNS_SERVERS settings: each optional, each
 * checked at start-up for what would fail every alert later, one line per
 * problem, and never the value (a token, a secret, a URL with credentials).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config';
import { type Env, problems, refusal } from '../support/configProblems';

const SECRET = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
const webhook: Env = { WEBHOOK_URL: 'https://hooks.example.com/leads?key=hook-secret-1', WEBHOOK_SECRET: SECRET };
const TOKEN = '123456789:AAE-telegram-secret-token-abcdefghijk';
const telegram: Env = { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: '-1001234567890' };

const noSecretIn = (lines: string[], ...secrets: string[]) => {
  for (const secret of secrets)
    assert.ok(
      lines.every((l) => !l.includes(secret)),
      `${secret} is not printed`,
    );
};

describe('the webhook settings', () => {
  it('are off when unset, and need both the URL and the secret', () => {
    assert.equal(loadConfig({}).webhook, null);
    assert.equal(
      refusal({ WEBHOOK_URL: webhook.WEBHOOK_URL as string }),
      'Webhook alerts need WEBHOOK_URL, WEBHOOK_SECRET: set all of them or none (missing WEBHOOK_SECRET)',
    );
  });

  it('refuses http: without WEBHOOK_ALLOW_PRIVATE, and a URL that is no URL, without printing it', () => {
    const http = problems({ ...webhook, WEBHOOK_URL: 'http://hooks.example.com/leads?key=hook-secret-1' });
    assert.deepEqual(http, [
      'WEBHOOK_URL must be https: (leads would cross the network in clear); http: is taken only with WEBHOOK_ALLOW_PRIVATE=true, for an endpoint on this machine or its network',
    ]);
    assert.equal(
      loadConfig({ ...webhook, WEBHOOK_URL: 'http://127.0.0.1:5678/hook', WEBHOOK_ALLOW_PRIVATE: 'true' }).webhook?.url,
      'http://127.0.0.1:5678/hook',
    );
    const bad = problems({ ...webhook, WEBHOOK_URL: 'ftp://hook-secret-1' });
    assert.deepEqual(bad, ['WEBHOOK_URL must be an https: URL (its value is not shown)']);
    noSecretIn([...http, ...bad], 'hook-secret-1');
  });

  it('refuses a secret that is not whsec_ and 24 to 64 bytes of base64, without printing it', () => {
    for (const value of ['not-a-secret-xyz', 'whsec_c2hvcnQ=', `whsec_${'A'.repeat(120)}`, `${SECRET}!`]) {
      const lines = problems({ ...webhook, WEBHOOK_SECRET: value });
      assert.equal(lines.length, 1);
      assert.match(lines[0] ?? '', /^WEBHOOK_SECRET must be "whsec_" followed by 24 to 64 random bytes in base64/);
      noSecretIn(lines, value);
    }
    assert.equal(loadConfig(webhook).webhook?.secret, SECRET);
  });

  it('takes WEBHOOK_INCLUDE_SPAM and WEBHOOK_ALLOW_PRIVATE as true or false only', () => {
    assert.deepEqual(
      { ...loadConfig({ ...webhook, WEBHOOK_INCLUDE_SPAM: 'true' }).webhook, url: undefined, secret: undefined },
      { url: undefined, secret: undefined, includeSpam: true, allowPrivate: false },
    );
    assert.equal(
      refusal({ ...webhook, WEBHOOK_INCLUDE_SPAM: 'yes' }),
      'WEBHOOK_INCLUDE_SPAM must be one of true, false (got "yes")',
    );
  });
});

describe('the Telegram settings', () => {
  it('need the token and the chat id together, each well formed, the token never printed', () => {
    assert.equal(loadConfig({}).telegram, null);
    assert.deepEqual(loadConfig(telegram).telegram, { botToken: TOKEN, chatId: '-1001234567890', apiUrl: undefined });
    assert.equal(loadConfig({ ...telegram, TELEGRAM_CHAT_ID: '@lead_alerts' }).telegram?.chatId, '@lead_alerts');
    const lines = problems({ TELEGRAM_BOT_TOKEN: 'AAE-telegram-secret-token', TELEGRAM_CHAT_ID: 'my chat' });
    assert.deepEqual(lines, [
      'TELEGRAM_BOT_TOKEN must be the token @BotFather gave, digits, ":" and 35 characters; its value is not shown',
      'TELEGRAM_CHAT_ID must be a chat id (digits, "-" first for a group) or a channel\'s @name',
    ]);
    noSecretIn(lines, 'AAE-telegram-secret-token');
    assert.match(refusal({ TELEGRAM_BOT_TOKEN: TOKEN }), /^Telegram alerts need .*missing TELEGRAM_CHAT_ID/);
  });

  it('takes TELEGRAM_API_URL on https:, or http: to this machine only, like TWILIO_API_URL', () => {
    assert.equal(
      loadConfig({ ...telegram, TELEGRAM_API_URL: 'http://127.0.0.1:8081' }).telegram?.apiUrl,
      'http://127.0.0.1:8081',
    );
    assert.equal(
      refusal({ ...telegram, TELEGRAM_API_URL: 'http://proxy.example:8080' }),
      'TELEGRAM_API_URL must be an https: URL, or http: to this machine (localhost, 127.0.0.1, ::1); its value is not shown',
    );
  });
});

describe('the ntfy settings', () => {
  it('take a topic URL and an optional token', () => {
    assert.equal(loadConfig({}).ntfy, null);
    assert.deepEqual(loadConfig({ NTFY_URL: 'https://ntfy.sh/leads-3f9a' }).ntfy, {
      topicUrl: 'https://ntfy.sh/leads-3f9a',
      token: undefined,
    });
    for (const url of ['https://ntfy.sh/', 'https://ntfy.sh/leads?x=1', 'ntfy.sh/leads'])
      assert.equal(
        refusal({ NTFY_URL: url }),
        'NTFY_URL must be the URL of a topic, such as https://ntfy.sh/my-leads-3f9a (its value is not shown)',
      );
    assert.equal(
      refusal({ NTFY_URL: 'http://ntfy.example.com/leads', NTFY_TOKEN: 'tk_secret' }),
      'NTFY_URL must be https: when NTFY_TOKEN is set, or the token would cross the network in clear',
    );
    assert.equal(
      refusal({ NTFY_TOKEN: 'tk_secret' }),
      'NTFY_TOKEN is set but NTFY_URL is not: set the topic URL too, or neither',
    );
  });
});

describe('DNS_SERVERS', () => {
  it('lists addresses with optional ports', () => {
    assert.deepEqual(loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53' }).dnsServers, [
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
    ]);
    assert.equal(
      refusal({ DNS_SERVERS: 'dns.example' }),
      'DNS_SERVERS must list IP addresses, with an optional port, separated by commas (got "dns.example")',
    );
  });
});
