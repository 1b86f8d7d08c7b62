/**
 * ntfy (ntfy.sh or a self-hosted server): one JSON publish per alert, to the server's root with the topic in the
 * body, which carries a title and text in any script (headers would need encoding), high priority (a sound on the
 * owner's phone) and the lead's inbox page as the click action.
 */
import type { NtfyConfig } from '../config';
import { createHttpPoster, jsonFields } from './httpPost';
import { type InstantTransport, ntfyText } from './instantMessage';

/** ntfy's "high": sound and vibration, below "urgent", which would break through do-not-disturb. */
const HIGH_PRIORITY = 4;

/** The server's root and the topic of a topic URL: https://ntfy.sh/leads -> https://ntfy.sh/, "leads". */
export function ntfyTarget(topicUrl: string): { root: URL; topic: string } {
  const url = new URL(topicUrl);
  const parts = url.pathname.split('/').filter(Boolean);
  const topic = parts.pop() ?? '';
  url.pathname = `/${parts.map((p) => `${p}/`).join('')}`;
  return { root: url, topic: decodeURIComponent(topic) };
}

export function createNtfyTransport(config: NtfyConfig): InstantTransport {
  const { root, topic } = ntfyTarget(config.topicUrl);
  const poster = createHttpPoster();
  const auth: Record<string, string> = config.token ? { Authorization: `Bearer ${config.token}` } : {};
  return {
    close: () => poster.close(),
    async send(message, signal) {
      const body = JSON.stringify({
        topic,
        title: message.title,
        message: ntfyText(message),
        priority: HIGH_PRIORITY,
        ...(message.url ? { click: message.url } : {}),
      });
      const answer = await poster.post(root, body, { 'Content-Type': 'application/json', ...auth }, signal);
      const fields = jsonFields(answer.body);
      // An answer without JSON is still an acceptance; its id is then unknown.
      if (answer.status >= 200 && answer.status < 300) return { providerMessageId: String(fields.id ?? '') };
      const error = String(fields.error ?? '');
      throw Object.assign(new Error(`ntfy: ${error.slice(0, 200) || 'no error text'}`), { status: answer.status });
    },
  };
}
