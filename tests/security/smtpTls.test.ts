/**
 * The alert e-mail never crosses a network in clear: over smtp:// to a host
 * that is not this machine, a server that offers no STARTTLS gets neither the
 * password nor the lead. The server here listens on the machine's own
 * non-loopback address, so the sender treats it as a remote host (the
 * traffic still stays on this machine). Checked on the e-mail sender, and
 * through the real server process with the bytes on the wire recorded.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { after, afterEach, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { createEmailSender } from '../../src/alerts/emailSender';
import { loadConfig } from '../../src/config';
import { postLead } from '../support/leadClient';
import { readLeadRowsAt } from '../support/leadRows';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { tempDir } from '../support/tempDirs';
import { waitFor } from '../support/waitFor';

const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

const lead = {
  id: 1,
  createdAt: '2026-11-22T10:00:00.000Z',
  name: 'Ada Lovelace',
  company: 'Engines Ltd',
  email: 'ada@example.com',
  verdict: 'verified' as const,
  source: 'direct',
};

describe('SMTP without STARTTLS on a remote host', () => {
  let server: SMTPServer;
  let port: number;
  const seen = { auth: 0, mail: 0, data: 0 };

  before(async () => {
    assert.ok(ownAddress, 'this machine has a non-loopback IPv4 address to listen on');
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'], // a server (or a man in the middle) that offers no TLS
      allowInsecureAuth: true,
      onAuth: (_auth, _session, done) => {
        seen.auth += 1;
        done(null, { user: 'alerts' });
      },
      onMailFrom: (_address, _session, done) => {
        seen.mail += 1;
        done();
      },
      onData: (stream, _session, done) => {
        seen.data += 1;
        stream.resume();
        stream.on('end', () => done());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, ownAddress, resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function sender(extra: Record<string, string> = {}) {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: `smtp://alerts:s3cret-password@${ownAddress}:${port}`,
      ALERT_EMAIL_TO: 'owner@example.com',
      ALERT_EMAIL_FROM: 'alerts@example.com',
      ...extra,
    });
    assert.ok(config.email);
    return createEmailSender(config.email, 2_000);
  }

  it('refuses to send: a clear error, and no password or lead crosses the wire', async () => {
    const before = { ...seen };
    const s = sender();
    try {
      await assert.rejects(s.send(lead, AbortSignal.timeout(5_000)), (err: Error & { code?: string }) => {
        assert.equal(err.code, 'ETLS');
        assert.match(err.message, /did not accept STARTTLS, so nothing was sent/);
        return true;
      });
    } finally {
      s.close?.();
    }
    assert.deepEqual(seen, before, 'no AUTH, no MAIL FROM, no DATA');
  });

  it('sends in clear only when the operator says so with SMTP_ALLOW_PLAINTEXT=true', async () => {
    const before = { ...seen };
    const s = sender({ SMTP_ALLOW_PLAINTEXT: 'true' });
    try {
      const { providerMessageId } = await s.send(lead, AbortSignal.timeout(5_000));
      assert.match(providerMessageId, /^<.+@.+>$/);
    } finally {
      s.close?.();
    }
    assert.equal(seen.auth - before.auth, 1, 'the opt-out does authenticate');
    assert.equal(seen.data - before.data, 1);
  });
});

/**
 * A TCP relay on `host` in front of a server on 127.0.0.1: every byte a client sends is passed on
 * and kept, so a test sees exactly what reached the SMTP server's socket, before any parsing.
 */
async function startRecordingRelay(
  host: string,
  targetPort: number,
): Promise<{ port: number; received: () => string; close: () => Promise<void> }> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      const both = () => {
        for (const s of [client, upstream]) s.destroy();
      };
      socket.on('error', both);
      socket.on('close', both);
    }
    client.on('data', (c: Buffer) => chunks.push(c));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(0, host, () => resolve());
  });
  return {
    port: (relay.address() as AddressInfo).port,
    received: () => Buffer.concat(chunks).toString('latin1'),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}

const noAddress =
  ownAddress === undefined &&
  'this machine has no non-loopback IPv4 address (os.networkInterfaces()), so no SMTP host here counts as remote';

describe('SMTP without STARTTLS on a remote host, through the real server', { skip: noAddress }, () => {
  const password = 'secret-pass';
  const posted = { name: 'Ada Lovelace', company: 'Engines Ltd', email: 'ada@example.com' };
  /** Every way AUTH PLAIN and AUTH LOGIN would put the password on the wire. */
  const passwordForms = [
    password,
    Buffer.from(password).toString('base64'),
    Buffer.from(`\0user\0${password}`).toString('base64'),
  ];
  let setup:
    | {
        sink: SmtpSink;
        relay: Awaited<ReturnType<typeof startRecordingRelay>>;
        server: ServerProcess;
        databasePath: string;
      }
    | undefined;

  afterEach(async () => {
    await setup?.server.stop();
    await Promise.all([setup?.relay.close(), setup?.sink.close()]);
    setup = undefined;
  });

  /** An SMTP server offering no STARTTLS, reached at this machine's own address through the recording relay, and the server process sending to it. */
  async function start(env: Record<string, string> = {}) {
    const sink = await startSmtpSink({ user: 'user', pass: password });
    const relay = await startRecordingRelay(ownAddress as string, Number(new URL(sink.url).port));
    const dataDir = tempDir('smtp-tls-');
    const server = await startServer({
      dataDir,
      env: {
        SMTP_URL: `smtp://user:${password}@${ownAddress}:${relay.port}`,
        ALERT_EMAIL_TO: 'owner@example.com',
        ALERT_EMAIL_FROM: 'alerts@example.com',
        ...env,
      },
    });
    setup = { sink, relay, server, databasePath: join(dataDir, 'leads.db') };
    return setup;
  }

  it('stores the lead, records an e-mail failure naming STARTTLS, and sends neither the password nor the lead', async () => {
    const { sink, relay, server, databasePath } = await start();
    const res = await postLead(server.url, posted);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json?.success, true);

    const email = () => readLeadRowsAt(databasePath)[0];
    await waitFor(() => /STARTTLS/.test(email()?.email_last_error ?? ''), 10_000, 'the e-mail failure');
    const rows = readLeadRowsAt(databasePath);
    assert.equal(rows.length, 1, 'the lead is stored');
    assert.deepEqual([rows[0]?.name, rows[0]?.email], [posted.name, posted.email]);
    assert.notEqual(rows[0]?.email_status, 'sent');
    assert.equal(rows[0]?.email_sent_at, null);

    const wire = relay.received();
    assert.match(wire, /^EHLO /m, 'the sender did talk to this SMTP server');
    for (const form of passwordForms)
      assert.ok(!wire.includes(form), `the password (${form}) never reached the SMTP server`);
    assert.doesNotMatch(wire, /^(AUTH|MAIL FROM|DATA)\b/im, 'no AUTH, no MAIL FROM, no DATA');
    assert.ok(!wire.includes(posted.name) && !wire.includes(posted.email), 'the lead never reached the SMTP server');
    assert.equal(sink.messages.length, 0);
    assert.ok(!server.output().includes(password), 'nor does the log hold the password');
  });

  it("with SMTP_ALLOW_PLAINTEXT=true sends in clear: the same recording then holds the password and the lead's name", async () => {
    const { sink, relay, server } = await start({ SMTP_ALLOW_PLAINTEXT: 'true' });
    assert.equal((await postLead(server.url, posted)).status, 200);
    await waitFor(() => sink.messages.length === 1, 10_000, 'the alert e-mail');
    const wire = relay.received();
    assert.match(wire, /^AUTH /m);
    assert.ok(
      passwordForms.some((form) => wire.includes(form)),
      'the password went over the wire',
    );
    assert.ok(wire.includes(posted.name), "the lead's name went over the wire");
  });
});
