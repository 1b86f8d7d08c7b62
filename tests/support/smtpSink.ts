/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps
 * every message it accepts, parsed with mailparser, so tests can check what
 * nodemailer really put on the wire. Shared with the browser tests: keep the
 * API stable.
 *
 * Modes:
 *  - 'up'     accepts mail
 *  - 'reject' refuses every sender with a permanent 550
 *  - 'hang'   goes silent after MAIL FROM (the client's socket timeout fires);
 *             nothing is delivered
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSinkMode = 'up' | 'reject' | 'hang';

export interface SinkMessage {
  /** Addresses only, lower-cased as written by the sender. */
  from: string | undefined;
  to: string[];
  replyTo: string | undefined;
  subject: string | undefined;
  text: string | undefined;
  html: string | undefined;
  messageId: string | undefined;
  /** The SMTP envelope (MAIL FROM / RCPT TO). */
  envelope: { from: string | undefined; to: string[] };
  raw: string;
}

export interface SmtpSink {
  /** smtp://user:pass@127.0.0.1:PORT, ready for SMTP_URL. */
  url: string;
  messages: SinkMessage[];
  /** Connections opened, whatever their outcome. */
  connections: number;
  mode: SmtpSinkMode;
  setMode(mode: SmtpSinkMode): void;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  user?: string;
  pass?: string;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .filter(Boolean);

/** A local SMTP server's common settings: no TLS (loopback only), any login, no log, quick to close. */
export const PLAIN_LOCAL_SMTP = {
  secure: false,
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authMethods: ['PLAIN', 'LOGIN'],
  logger: false,
  closeTimeout: 200,
};

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const user = options.user ?? 'sink-user';
  const pass = options.pass ?? 'sink-pass';
  const hung: (() => void)[] = [];

  const server = new SMTPServer({
    ...PLAIN_LOCAL_SMTP,
    size: 1024 * 1024,
    onConnect(_session, callback) {
      sink.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      if (sink.mode === 'reject') {
        return callback(
          Object.assign(new Error('Mailbox unavailable: rejected by the test sink'), { responseCode: 550 }),
        );
      }
      // Never answered while hanging; released with an error only when the sink closes.
      if (sink.mode === 'hang') return void hung.push(() => callback(new Error('closing')));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((mail) => {
            sink.messages.push({
              from: addresses(mail.from)[0],
              to: addresses(mail.to),
              replyTo: addresses(mail.replyTo)[0],
              subject: mail.subject,
              text: mail.text,
              html: mail.html === false ? undefined : mail.html,
              messageId: mail.messageId,
              envelope: {
                from: session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              raw,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {}); // connection-level errors (a client that hung up) are expected in fault tests
  const port = (server.server.address() as AddressInfo).port;

  const sink: SmtpSink = {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    messages: [],
    connections: 0,
    mode: 'up',
    setMode(mode) {
      sink.mode = mode;
    },
    close() {
      for (const release of hung.splice(0)) release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return sink;
}
