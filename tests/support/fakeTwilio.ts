/**
 * A stand-in for Twilio's Messages API on 127.0.0.1, so the real `twilio`
 * client can be exercised end to end (auth, form encoding, error bodies)
 * without the network. Shared with the browser tests: keep the API stable.
 *
 * Modes:
 *  - 'up'      answers 201 with a Twilio-like message resource (sid "SM...")
 *  - 'fail500' answers 500 with a Twilio error body
 *  - 'fail401' answers 401 with a Twilio error body (as for a wrong auth token)
 *  - 'hang'    holds each request without answering; when the mode changes,
 *              held requests whose client is still waiting are answered in the
 *              new mode (so a slow provider that finally accepts can be staged);
 *              dropHeld() closes them unanswered instead (a provider that never
 *              processed them), which is deterministic when a client has just died
 *  - 'down'    closes the listening socket and every connection: connections
 *              are refused; back to 'up' listens again on the same port
 *
 * A message sent with a StatusCallback gets Twilio's delivery reports there,
 * signed as Twilio signs them (by the `twilio` package): 'sent', then the
 * final state `report` names (delivered by default; null: no report).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export type FakeTwilioMode = 'up' | 'fail500' | 'fail401' | 'hang' | 'down';

export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  /** The StatusCallback the message asked for, if any. */
  statusCallback: string | undefined;
  receivedAt: Date;
}

/** The final state the fake reports for the messages it accepts. */
export type FakeDeliveryReport = { status: 'delivered' } | { status: 'undelivered' | 'failed'; errorCode: string };

export interface FakeStatusCallback {
  sid: string;
  status: string;
  /** What the site answered. */
  answer: number;
}

export interface FakeTwilio {
  /** Origin to pass as TWILIO_API_URL, e.g. http://127.0.0.1:40123 */
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages accepted (answered 201), in order. */
  messages: FakeTwilioMessage[];
  /** Every request that reached the server, whatever its outcome. */
  requests: number;
  /** When each of those requests arrived (Date.now()), in order. */
  requestTimes: number[];
  mode: FakeTwilioMode;
  setMode(mode: FakeTwilioMode): Promise<void>;
  /** The final report of messages accepted from now on; null: none is sent. */
  report: FakeDeliveryReport | null;
  /** Every status callback made, in order, with the site's answer. */
  callbacks: FakeStatusCallback[];
  /**
   * Posts a status callback for `message` now, signed like Twilio unless `signature` is given
   * (a forgery, or none when empty); resolves with the site's answer.
   */
  sendStatus(message: FakeTwilioMessage, params: Record<string, string>, signature?: string): Promise<number>;
  /** Resolves once every report scheduled so far has been answered. */
  reportsSettled(): Promise<void>;
  /** Closes every held ('hang') request without answering or recording it. */
  dropHeld(): void;
  close(): Promise<void>;
}

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

interface Held {
  req: IncomingMessage;
  res: ServerResponse;
  form: URLSearchParams;
}

export async function startFakeTwilio(options: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? 'AC00000000000000000000000000000001';
  const authToken = options.authToken ?? 'fake-twilio-auth-token';
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const held: Held[] = [];

  const sendJson = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
    sendJson(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const answer = (req: IncomingMessage, res: ServerResponse, form: URLSearchParams) => {
    if (fake.mode === 'hang') {
      const entry = { req, res, form };
      held.push(entry);
      // A client that gives up is forgotten, so a later release does not count its message.
      res.once('close', () => held.includes(entry) && held.splice(held.indexOf(entry), 1));
      return;
    }
    if (fake.mode === 'fail500') return twilioError(res, 500, 20500, 'Internal Server Error');
    if (fake.mode === 'fail401') return twilioError(res, 401, 20003, 'Authenticate');
    if (fake.mode === 'down') return void res.destroy();
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback') ?? undefined,
      receivedAt: new Date(),
    };
    fake.messages.push(message);
    res.once('finish', () => scheduleReports(message));
    sendJson(res, 201, {
      sid: message.sid,
      account_sid: accountSid,
      to: message.to,
      from: message.from,
      body: message.body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: message.receivedAt.toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  };

  const server = createServer((req, res) => {
    fake.requests += 1;
    fake.requestTimes.push(Date.now());
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = MESSAGES_PATH.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return twilioError(res, 404, 20404, 'The requested resource was not found');
      if (req.headers.authorization !== expectedAuth || match[1] !== accountSid)
        return twilioError(res, 401, 20003, 'Authenticate');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      if (!form.get('To') || !form.get('From') || !form.get('Body')) {
        return twilioError(res, 400, 21604, "A 'To', 'From' and 'Body' parameter is required.");
      }
      answer(req, res, form);
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  await listen(0);
  const port = (server.address() as AddressInfo).port;

  const releaseHeld = async () => {
    // Let close events of clients that just gave up arrive first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const h of held.splice(0)) {
      // A client that gave up never learns the outcome: the provider drops it too.
      if (h.res.writableEnded || h.res.destroyed || h.req.socket.destroyed) continue;
      answer(h.req, h.res, h.form);
    }
  };

  const pendingReports = new Set<Promise<unknown>>();
  const reportParams = (message: FakeTwilioMessage, status: string): Record<string, string> => ({
    AccountSid: accountSid,
    ApiVersion: '2010-04-01',
    From: message.from,
    MessageSid: message.sid,
    MessageStatus: status,
    SmsSid: message.sid,
    SmsStatus: status,
    To: message.to,
  });
  function scheduleReports(message: FakeTwilioMessage) {
    const final = fake.report;
    if (!message.statusCallback || !final) return;
    const run = (async () => {
      await fake.sendStatus(message, reportParams(message, 'sent')).catch(() => 0);
      const params = reportParams(message, final.status);
      if (final.status !== 'delivered') params.ErrorCode = final.errorCode;
      await fake.sendStatus(message, params).catch(() => 0);
    })();
    pendingReports.add(run);
    void run.finally(() => pendingReports.delete(run));
  }

  const fake: FakeTwilio = {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages: [],
    requests: 0,
    requestTimes: [],
    mode: 'up',
    report: { status: 'delivered' },
    callbacks: [],
    async sendStatus(message, params, signature) {
      const url = message.statusCallback;
      if (!url) throw new Error('the message asked for no status callback');
      const signed = signature ?? twilio.getExpectedTwilioSignature(authToken, url, params);
      const reply = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(signed === '' ? {} : { 'X-Twilio-Signature': signed }),
        },
        body: new URLSearchParams(params).toString(),
      });
      await reply.arrayBuffer();
      fake.callbacks.push({ sid: message.sid, status: params.MessageStatus ?? '', answer: reply.status });
      return reply.status;
    },
    async reportsSettled() {
      await Promise.all([...pendingReports]);
    },
    async setMode(mode) {
      const wasDown = fake.mode === 'down';
      fake.mode = mode;
      if (mode === 'down') {
        for (const h of held.splice(0)) h.res.destroy();
        await stopListening();
        // Let clients in this process notice their pooled sockets closed, so the
        // next request opens a new connection and is refused (not reset).
        await new Promise((resolve) => setTimeout(resolve, 20));
      } else {
        if (wasDown) await listen(port);
        await releaseHeld();
      }
    },
    dropHeld() {
      for (const h of held.splice(0)) h.res.destroy();
    },
    async close() {
      for (const h of held.splice(0)) h.res.destroy();
      await stopListening();
    },
  };
  return fake;
}
