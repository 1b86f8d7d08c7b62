/**
 * The owner's other channels, all standing in on 127.0.0.1 for one test: a
 * webhook receiver, Telegram and ntfy, with the environment that points a
 * site at them. One close() ends them.
 */
import { type FakeNtfy, startFakeNtfy } from './fakeNtfy';
import { type FakeTelegram, startFakeTelegram, TELEGRAM_TEST_CHAT, TELEGRAM_TEST_TOKEN } from './fakeTelegram';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

export interface OwnerChannels {
  webhook: WebhookReceiver;
  telegram: FakeTelegram;
  ntfy: FakeNtfy;
  /** WEBHOOK_*, TELEGRAM_* and NTFY_URL for all three (the webhook on http: to this machine). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startOwnerChannels(): Promise<OwnerChannels> {
  const [webhook, telegram, ntfy] = await Promise.all([startWebhookReceiver(), startFakeTelegram(), startFakeNtfy()]);
  return {
    webhook,
    telegram,
    ntfy,
    env: {
      WEBHOOK_URL: `${webhook.url}/hooks/leads`,
      WEBHOOK_SECRET: webhook.secret,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      TELEGRAM_BOT_TOKEN: TELEGRAM_TEST_TOKEN,
      TELEGRAM_CHAT_ID: TELEGRAM_TEST_CHAT,
      TELEGRAM_API_URL: telegram.url,
      NTFY_URL: ntfy.topicUrl,
    },
    close: async () => void (await Promise.all([webhook.close(), telegram.close(), ntfy.close()])),
  };
}
