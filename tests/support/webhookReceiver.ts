/**
 * The owner's webhook endpoint, standing in on 127.0.0.1: it checks every
 * POST's signature with the `standardwebhooks` package, as a real receiver
 * would, and keeps the events it accepted. `answer` stages what the endpoint
 * does: 204, a 500, 410 Gone, a redirect, or no answer at all.
 */
import { Webhook } from 'standardwebhooks';
import { sendJson, startStandIn, type StandIn } from './httpStandIn';

export type WebhookAnswer = 'ok' | 'fail500' | 'gone' | 'redirect' | 'hang';

export interface ReceivedEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface WebhookReceiver extends StandIn {
  /** WEBHOOK_SECRET for the site. */
  secret: string;
  answer: WebhookAnswer;
  /** Events whose signature verified and that were answered 2xx, in order. */
  events: ReceivedEvent[];
  /** Requests whose signature did not verify. */
  forged: number;
  /** Requests to the redirect's target (none, when redirects are not followed). */
  redirectedTo: number;
}

/** A fixed test secret: 32 bytes in base64, with the whsec_ prefix. */
export const WEBHOOK_TEST_SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;

export async function startWebhookReceiver(secret = WEBHOOK_TEST_SECRET): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const standIn = await startStandIn((req, res) => {
    if (req.path === '/moved') {
      receiver.redirectedTo += 1;
      return sendJson(res, 204, {});
    }
    let event: ReceivedEvent;
    try {
      event = verifier.verify(req.body, {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      }) as ReceivedEvent;
    } catch {
      receiver.forged += 1;
      return sendJson(res, 401, { error: 'bad signature' });
    }
    switch (receiver.answer) {
      case 'hang':
        return; // never answered; the sender's timeout ends it
      case 'fail500':
        return sendJson(res, 500, { error: 'down' });
      case 'gone':
        return sendJson(res, 410, { error: 'gone' });
      case 'redirect':
        res.writeHead(302, { Location: `${receiver.url}/moved` });
        return void res.end();
      default:
        receiver.events.push({ ...event, id: String(req.headers['webhook-id']), at: Date.now() });
        res.writeHead(204);
        res.end();
    }
  });
  const receiver: WebhookReceiver = Object.assign(standIn, {
    secret,
    answer: 'ok' as WebhookAnswer,
    events: [] as ReceivedEvent[],
    forged: 0,
    redirectedTo: 0,
  });
  return receiver;
}
