/**
 * An SMTP server that refuses a recipient quotes the address in its answer.
 * That answer is logged and kept in alerts.last_error, which outlive
 * `leads erase`, so the address (and its local part, quoted alone) is masked
 * there, while the rest of the answer (the code 550) stays for the operator.
 * The auto-reply to the visitor's address is refused here; the owner's alert
 * goes through.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { leadSitesPerTest } from '../support/leadSite';
import { PLAIN_LOCAL_SMTP } from '../support/smtpSink';
import { waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const VISITOR = 'bounce.erin.private@example.org';

/** Accepts the owner's mail; answers RCPT TO of the visitor with a 550 naming them twice. */
async function refusingSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    ...PLAIN_LOCAL_SMTP,
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'sink' }),
    onRcptTo(address, _session, callback) {
      if (address.address !== VISITOR) return callback();
      const answer = `5.1.1 <${address.address}>: Recipient address rejected: user bounce.erin.private unknown`;
      callback(Object.assign(new Error(answer), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://sink:pass@127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('an SMTP answer that names the recipient', () => {
  const closing: (() => Promise<void>)[] = [];
  after(() => Promise.all(closing.map((close) => close())));

  it('is logged and stored in last_error with the address masked and the code 550 kept', async () => {
    const smtp = await refusingSmtp();
    closing.push(smtp.close);
    const lines: string[] = [];
    const logger = pino({ level: 'debug', base: undefined }, { write: (line: string) => void lines.push(line) });
    const s = await site({ env: { LEAD_AUTO_REPLY: 'true', SMTP_URL: smtp.url }, deps: { logger } });
    assert.equal((await s.post({ name: 'Erin', company: 'Private Co', email: VISITOR })).status, 200);

    const reply = () =>
      s.services.db.prepare("SELECT attempts, last_error FROM alerts WHERE channel = 'reply'").get() as
        | { attempts: number; last_error: string | null }
        | undefined;
    await waitFor(() => (reply()?.attempts ?? 0) >= 2 && reply()?.last_error !== null, 5000, 'two refused replies');
    await waitFor(() => lines.some((l) => l.includes('alert attempt failed')), 5000, 'the failure logged');

    const lastError = reply()?.last_error ?? '';
    assert.match(lastError, /^EENVELOPE SMTP 550: .*550 5\.1\.1 <\[address\]>: Recipient address rejected/);
    assert.match(lastError, /user \[address\] unknown$/, 'the local part quoted alone is masked too');
    const logged = lines
      .filter((l) => l.includes('alert attempt failed'))
      .map((l) => JSON.parse(l) as { error?: string });
    assert.ok(logged.length >= 1);
    assert.ok(
      logged.every((l) => l.error?.includes('SMTP 550') && l.error.includes('[address]')),
      lines.join(''),
    );

    const stored = s.services.db.prepare('SELECT last_error FROM alerts WHERE last_error IS NOT NULL').pluck().all();
    for (const text of [...lines, ...(stored as string[])]) {
      assert.ok(!/bounce\.erin\.private/i.test(text), text);
    }
  });
});
