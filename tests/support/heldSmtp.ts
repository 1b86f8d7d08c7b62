/**
 * An SMTP server on 127.0.0.1 that accepts mail, or, once held, leaves each
 * MAIL FROM unanswered until answer451() answers them all with a temporary
 * failure (451): an e-mail attempt staged to be under way at a chosen moment,
 * then failing in a way the worker would retry; or until release() lets them
 * through, accepted after the sender's deadline. Keeps every accepted message's
 * recipients and subject.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { PLAIN_LOCAL_SMTP } from './smtpSink';

export interface HeldSmtp {
  /** smtp://user:pass@127.0.0.1:PORT, ready for SMTP_URL. */
  url: string;
  accepted: { to: string[]; subject: string }[];
  /** Senders waiting for their MAIL FROM to be answered. */
  waiting(): number;
  /** From now on, each MAIL FROM waits for answer451(). */
  hold(): void;
  /** Answers every waiting MAIL FROM with 451; later ones wait again while held. */
  answer451(): void;
  /** Lets every waiting MAIL FROM go on, accepted (late, for a sender whose attempt timed out), and holds no more. */
  release(): void;
  /** Back to accepting. */
  accept(): void;
  close(): Promise<void>;
}

export async function startHeldSmtp(): Promise<HeldSmtp> {
  let holding = false;
  const waiting: ((err?: Error) => void)[] = [];
  const accepted: HeldSmtp['accepted'] = [];
  const server = new SMTPServer({
    ...PLAIN_LOCAL_SMTP,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onMailFrom(_address, _session, callback) {
      if (holding) return void waiting.push(callback);
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          accepted.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '' });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {}); // a client that hung up mid-session
  const { port } = server.server.address() as AddressInfo;
  const fail451 = () => Object.assign(new Error('Try again later'), { responseCode: 451 });
  return {
    url: `smtp://held-user:held-pass@127.0.0.1:${port}`,
    accepted,
    waiting: () => waiting.length,
    hold: () => void (holding = true),
    answer451: () => {
      for (const callback of waiting.splice(0)) callback(fail451());
    },
    accept: () => void (holding = false),
    release: () => {
      holding = false;
      for (const callback of waiting.splice(0)) callback();
    },
    close() {
      for (const callback of waiting.splice(0)) callback(fail451());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
