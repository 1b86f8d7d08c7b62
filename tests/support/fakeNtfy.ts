/**
 * A stand-in for an ntfy server on 127.0.0.1: it takes JSON publishes at its
 * root, as ntfy.sh does, checks the access token when one is set, and keeps
 * the notifications.
 */
import { sendJson, startStandIn, type StandIn } from './httpStandIn';

export interface NtfyNotification {
  topic: string;
  title: string;
  message: string;
  priority: unknown;
  click: string | undefined;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FakeNtfy extends StandIn {
  /** NTFY_URL for the site: a topic on this server. */
  topicUrl: string;
  notifications: NtfyNotification[];
  /** Every publish answers 500 while true. */
  failing: boolean;
}

export async function startFakeNtfy(topic = 'leads-3f9a', token?: string): Promise<FakeNtfy> {
  let nextId = 1;
  const standIn = await startStandIn((req, res) => {
    if (req.method !== 'POST' || req.path !== '/') return sendJson(res, 404, { error: 'not found' });
    if (token && req.headers.authorization !== `Bearer ${token}`) return sendJson(res, 403, { error: 'forbidden' });
    if (ntfy.failing) return sendJson(res, 500, { error: 'internal error' });
    const body = JSON.parse(req.body) as Record<string, unknown>;
    ntfy.notifications.push({
      topic: String(body.topic),
      title: String(body.title),
      message: String(body.message),
      priority: body.priority,
      click: typeof body.click === 'string' ? body.click : undefined,
      at: Date.now(),
    });
    sendJson(res, 200, { id: `n${nextId++}`, event: 'message', topic: body.topic });
  });
  const ntfy: FakeNtfy = Object.assign(standIn, {
    topicUrl: `${standIn.url}/${topic}`,
    notifications: [] as NtfyNotification[],
    failing: false,
  });
  return ntfy;
}
