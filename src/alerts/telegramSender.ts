/**
 * Telegram through the Bot API's sendMessage: the message in escaped HTML, link previews off (a preview would
 * fetch the inbox link from Telegram's servers). TELEGRAM_API_URL swaps https://api.telegram.org for a local
 * stand-in. The bot token is part of every request's path, so no error or log line here ever carries the URL, and
 * any text from Telegram is stripped of the token before it is kept.
 */
import type { TelegramConfig } from '../config';
import { retryLater } from './alertSender';
import { createHttpPoster, jsonFields } from './httpPost';
import { type InstantTransport, telegramHtml } from './instantMessage';

const TELEGRAM_ORIGIN = 'https://api.telegram.org';

interface BotAnswer {
  ok?: boolean;
  result?: { message_id?: number };
  description?: string;
  parameters?: { retry_after?: number };
}

export function createTelegramTransport(config: TelegramConfig): InstantTransport {
  const base = (config.apiUrl ?? TELEGRAM_ORIGIN).replace(/\/+$/, '');
  const url = new URL(`${base}/bot${config.botToken}/sendMessage`);
  const poster = createHttpPoster();
  const withoutToken = (text: string) => text.replaceAll(config.botToken, '[bot token]').slice(0, 300);
  return {
    close: () => poster.close(),
    async send(message, signal) {
      const body = JSON.stringify({
        chat_id: config.chatId,
        text: telegramHtml(message),
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      });
      const answer = await poster.post(url, body, { 'Content-Type': 'application/json' }, signal);
      const reply = jsonFields(answer.body) as BotAnswer;
      if (answer.status === 200 && reply.ok === true)
        return { providerMessageId: String(reply.result?.message_id ?? '') };
      const description = withoutToken(reply.description ?? 'no description');
      const retryAfter = reply.parameters?.retry_after;
      if (answer.status === 429 && typeof retryAfter === 'number')
        throw Object.assign(retryLater(`Telegram: ${description}`, retryAfter * 1000), { status: 429 });
      throw Object.assign(new Error(`Telegram: ${description}`), { status: answer.status });
    },
  };
}
