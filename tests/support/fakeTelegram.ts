/**
 * A stand-in for Telegram's Bot API on 127.0.0.1 (TELEGRAM_API_URL): it
 * answers sendMessage as Telegram does, checks the bot token in the path, and
 * keeps the messages. `rateLimit` makes the next N requests answer 429 with
 * a retry_after, as Telegram does when a chat gets too many messages.
 */
import { sendJson, startStandIn, type StandIn } from './httpStandIn';

export const TELEGRAM_TEST_TOKEN = '7000000001:AAF-test-token-never-in-a-log-line-x';
export const TELEGRAM_TEST_CHAT = '424242';

export interface TelegramMessage {
  chatId: string;
  text: string;
  parseMode: unknown;
  previewDisabled: boolean;
  at: number;
}

export interface FakeTelegram extends StandIn {
  messages: TelegramMessage[];
  /** The next `count` sendMessage calls answer 429 with this retry_after (seconds). */
  rateLimit(count: number, retryAfterSeconds: number): void;
  /** Every sendMessage call answers 500 while true. */
  failing: boolean;
  /** When each sendMessage call arrived (Date.now()). */
  callTimes: number[];
}

export async function startFakeTelegram(token = TELEGRAM_TEST_TOKEN): Promise<FakeTelegram> {
  let limited = 0;
  let retryAfter = 1;
  let nextId = 1;
  const standIn = await startStandIn((req, res) => {
    if (req.path !== `/bot${token}/sendMessage`)
      return sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    telegram.callTimes.push(Date.now());
    if (limited > 0) {
      limited -= 1;
      return sendJson(res, 429, {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      });
    }
    if (telegram.failing)
      return sendJson(res, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
    const body = JSON.parse(req.body) as Record<string, unknown>;
    const preview = body.link_preview_options as { is_disabled?: unknown } | undefined;
    telegram.messages.push({
      chatId: String(body.chat_id),
      text: String(body.text),
      parseMode: body.parse_mode,
      previewDisabled: preview?.is_disabled === true,
      at: Date.now(),
    });
    sendJson(res, 200, {
      ok: true,
      result: { message_id: nextId++, chat: { id: Number(body.chat_id) }, text: body.text },
    });
  });
  const telegram: FakeTelegram = Object.assign(standIn, {
    messages: [] as TelegramMessage[],
    callTimes: [] as number[],
    failing: false,
    rateLimit(count: number, seconds: number) {
      limited = count;
      retryAfter = seconds;
    },
  });
  return telegram;
}
