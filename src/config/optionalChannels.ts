/**
 * The owner's other alert channels, each optional: a signed webhook to his own endpoint, a Telegram bot, an ntfy
 * topic; and the resolver the mail-domain check asks. Checked for what would otherwise fail every alert later, one
 * problem per line, never echoing a token, a secret or a URL (a URL may carry credentials).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { group, parsedUrl, problem } from './variables';

const WHSEC = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
const BOT_TOKEN = /^\d+:[A-Za-z0-9_-]{20,}$/;
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

const isWebUrl = (url: URL | undefined): url is URL => url?.protocol === 'https:' || url?.protocol === 'http:';

/** Whether http: is allowed (WEBHOOK_ALLOW_PRIVATE) is a rule across variables, checked with the others. */
export const webhook = group('Webhook alerts', {
  WEBHOOK_URL: z.string().refine((value) => {
    const url = parsedUrl(value);
    return isWebUrl(url) && url.hostname !== '';
  }, 'WEBHOOK_URL must be an https: URL (its value is not shown)'),
  WEBHOOK_SECRET: z.string().refine((secret) => {
    const key = WHSEC.test(secret) ? Buffer.from(secret.slice('whsec_'.length), 'base64').length : 0;
    return key >= 24 && key <= 64;
  }, 'WEBHOOK_SECRET must be "whsec_" followed by 24 to 64 random bytes in base64 (e.g. whsec_$(openssl rand -base64 32)); its value is not shown'),
});

export const telegram = group('Telegram alerts', {
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(
      BOT_TOKEN,
      'TELEGRAM_BOT_TOKEN must be the token @BotFather gave, digits, ":" and 35 characters; its value is not shown',
    ),
  TELEGRAM_CHAT_ID: z
    .string()
    .regex(CHAT_ID, 'TELEGRAM_CHAT_ID must be a chat id (digits, "-" first for a group) or a channel\'s @name'),
});

/** NTFY_URL; what NTFY_TOKEN asks of it is a rule across variables, checked with the others. */
export const ntfyTopic = z.string().refine((value) => {
  const url = parsedUrl(value);
  return isWebUrl(url) && url.pathname.split('/').some(Boolean) && url.search === '';
}, 'NTFY_URL must be the URL of a topic, such as https://ntfy.sh/my-leads-3f9a (its value is not shown)');

/** Over http:, a token to a named host crosses the network in clear; a LAN server by address is the owner's call. */
export const tokenInClear = (url: URL) =>
  url.protocol === 'http:' && url.hostname !== 'localhost' && !isIP(url.hostname);

const servers = (value: string) =>
  value
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);

function isServer(server: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
  if (bracketed) return isIP(bracketed[1] as string) === 6;
  const [host, port, ...rest] = server.split(':');
  if (isIP(server) === 6) return true;
  return rest.length === 0 && isIP(host ?? '') === 4 && (port === undefined || /^\d{1,5}$/.test(port));
}

/** DNS_SERVERS: "1.1.1.1, 8.8.8.8" or "127.0.0.1:5353"; unset: the system's resolver. */
export const dnsServers = z
  .string()
  .refine(
    (value) => servers(value).length > 0 && servers(value).every(isServer),
    problem(
      (name, value) => `${name} must list IP addresses, with an optional port, separated by commas (got "${value}")`,
    ),
  )
  .transform(servers);
