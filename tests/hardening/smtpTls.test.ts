/**
 * The alert e-mail never crosses a network in clear: over smtp:// to a host
 * that is not this machine, a server that offers no STARTTLS gets neither the
 * password nor the lead. The server here listens on the machine's own
 * non-loopback address, so the sender treats it as a remote host (the
 * traffic still stays on this machine).
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { createEmailSender } from '../../src/alerts/emailSender';
import { loadConfig } from '../../src/config';

const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

const lead = { id: 1, createdAt: '2026-11-22T10:00:00.000Z', name: 'Ada Lovelace', company: 'Engines Ltd', email: 'ada@example.com', verdict: 'verified' as const, source: 'direct' };

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

describe('SMTP without STARTTLS on a remote host', () => {
  it('refuses to send: a clear error, and no password or lead crosses the wire', async () => {
    const before = { ...seen };
    const s = sender();
    try {
      await assert.rejects(s.send(lead), (err: Error & { code?: string }) => {
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
      const { providerMessageId } = await s.send(lead);
      assert.match(providerMessageId, /^<.+@.+>$/);
    } finally {
      s.close?.();
    }
    assert.equal(seen.auth - before.auth, 1, 'the opt-out does authenticate');
    assert.equal(seen.data - before.data, 1);
  });
});
