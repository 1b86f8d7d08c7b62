/**
 * The owner's other alert channels, each optional: a signed webhook to his own
 * endpoint, a Telegram bot, an ntfy topic; and the resolver the mail-domain
 * check asks. Checked here for what would otherwise fail every alert later,
 * one problem per line, never echoing a token, a secret or a URL (a URL may
 * carry credentials).
 */
import { isIP } from 'node:net';
import { parsedUrl, type Reader } from './reader';

export interface WebhookConfig {
  url: string;
  /** The Standard Webhooks signing secret, `whsec_` and base64. */
  secret: string;
  /** WEBHOOK_INCLUDE_SPAM: spam is posted too, with its verdict. */
  includeSpam: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: http: and addresses on this machine or its network (a local n8n). */
  allowPrivate: boolean;
}

export interface TelegramConfig {
  botToken: string;
  chatId: string;
  /** Replaces https://api.telegram.org for a local stand-in or an egress proxy. */
  apiUrl: string | undefined;
}

export interface NtfyConfig {
  /** The topic's URL, e.g. https://ntfy.sh/my-leads-3f9a. */
  topicUrl: string;
  token: string | undefined;
}

const WHSEC = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
const BOT_TOKEN = /^\d+:[A-Za-z0-9_-]{20,}$/;
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

export function readWebhookConfig(r: Reader): WebhookConfig | null {
  const includeSpam = r.flag('WEBHOOK_INCLUDE_SPAM');
  const allowPrivate = r.flag('WEBHOOK_ALLOW_PRIVATE');
  const group = r.group('Webhook alerts', ['WEBHOOK_URL', 'WEBHOOK_SECRET']);
  if (!group) return null;
  const [url, secret] = [group.WEBHOOK_URL, group.WEBHOOK_SECRET] as [string, string];
  const parsed = parsedUrl(url);
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '') {
    r.problems.push('WEBHOOK_URL must be an https: URL (its value is not shown)');
  } else if (parsed.protocol === 'http:' && !allowPrivate) {
    r.problems.push(
      'WEBHOOK_URL must be https: (leads would cross the network in clear); http: is taken only with WEBHOOK_ALLOW_PRIVATE=true, for an endpoint on this machine or its network',
    );
  }
  const key = WHSEC.test(secret) ? Buffer.from(secret.slice('whsec_'.length), 'base64').length : 0;
  if (key < 24 || key > 64)
    r.problems.push(
      'WEBHOOK_SECRET must be "whsec_" followed by 24 to 64 random bytes in base64 (e.g. whsec_$(openssl rand -base64 32)); its value is not shown',
    );
  return { url, secret, includeSpam, allowPrivate };
}

export function readTelegramConfig(r: Reader): TelegramConfig | null {
  const apiUrl = r.providerUrl('TELEGRAM_API_URL');
  const group = r.group('Telegram alerts', ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID']);
  if (!group) return null;
  const [botToken, chatId] = [group.TELEGRAM_BOT_TOKEN, group.TELEGRAM_CHAT_ID] as [string, string];
  if (!BOT_TOKEN.test(botToken))
    r.problems.push(
      'TELEGRAM_BOT_TOKEN must be the token @BotFather gave, digits, ":" and 35 characters; its value is not shown',
    );
  if (!CHAT_ID.test(chatId))
    r.problems.push('TELEGRAM_CHAT_ID must be a chat id (digits, "-" first for a group) or a channel\'s @name');
  return { botToken, chatId, apiUrl };
}

export function readNtfyConfig(r: Reader): NtfyConfig | null {
  const topicUrl = r.raw('NTFY_URL');
  const token = r.raw('NTFY_TOKEN');
  if (topicUrl === undefined) {
    if (token !== undefined)
      r.problems.push('NTFY_TOKEN is set but NTFY_URL is not: set the topic URL too, or neither');
    return null;
  }
  const url = parsedUrl(topicUrl);
  const topic = url?.pathname.split('/').filter(Boolean).at(-1);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !topic || url.search !== '') {
    r.problems.push(
      'NTFY_URL must be the URL of a topic, such as https://ntfy.sh/my-leads-3f9a (its value is not shown)',
    );
  } else if (url.protocol === 'http:' && token !== undefined && url.hostname !== 'localhost' && !isIP(url.hostname)) {
    // A token over http: to a named host crosses the network in clear; a LAN server by address is the owner's call.
    r.problems.push('NTFY_URL must be https: when NTFY_TOKEN is set, or the token would cross the network in clear');
  }
  return { topicUrl, token };
}

/** DNS_SERVERS: "1.1.1.1, 8.8.8.8" or "127.0.0.1:5353"; undefined: the system's resolver. */
export function readDnsServers(r: Reader): string[] | undefined {
  const value = r.raw('DNS_SERVERS');
  if (value === undefined) return undefined;
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = (server: string) => {
    const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
    if (bracketed) return isIP(bracketed[1] as string) === 6;
    const [host, port, ...rest] = server.split(':');
    if (isIP(server) === 6) return true;
    return rest.length === 0 && isIP(host ?? '') === 4 && (port === undefined || /^\d{1,5}$/.test(port));
  };
  if (servers.length === 0 || !servers.every(valid)) {
    r.problems.push(`DNS_SERVERS must list IP addresses, with an optional port, separated by commas (got "${value}")`);
    return undefined;
  }
  return servers;
}
