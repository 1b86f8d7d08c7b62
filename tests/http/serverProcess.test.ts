/**
 * The built server as an operator runs it (sh bin/start-server): it serves
 * the site, logs the path of every page not found, warns once per alert
 * channel left unconfigured without ever logging a lead's details, and
 * refuses to start on bad configuration with one clear line per problem and
 * no secret shown.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readLeadRowsAt } from '../support/leadRows';
import { postLead } from '../support/leadClient';
import { runServerToExit, startServer } from '../support/serverProcess';
import { tempDir } from '../support/tempDirs';
import { waitFor } from '../support/waitFor';

describe('the server process', () => {
  it('serves the page and logs the path of a page not found', async () => {
    const server = await startServer();
    try {
      assert.equal((await fetch(`${server.url}/`)).status, 200);
      assert.equal((await fetch(`${server.url}/old-blog/post-42`)).status, 404);
      await waitFor(
        () => server.logLines().some((l) => l.msg === 'page not found' && l.path === '/old-blog/post-42'),
        2_000,
        'the not-found log line',
      );
    } finally {
      await server.stop();
    }
  });

  it('warns once per unconfigured channel and never logs lead details', async () => {
    const dataDir = tempDir('warn-');
    const server = await startServer({ dataDir });
    const lead = { name: 'Katherine Johnson', company: 'Langley Research', email: 'katherine@example.com' };
    assert.deepEqual((await postLead(server.url, lead)).json, { success: true, notificationResult: false });
    assert.equal((await postLead(server.url, lead)).status, 200); // a duplicate: logged too
    assert.equal(await server.stop('SIGTERM'), 0);
    const log = server.output();
    assert.equal(log.match(/SMS alerts are off/g)?.length, 1, log);
    assert.equal(log.match(/E-mail alerts are off/g)?.length, 1, log);
    for (const value of Object.values(lead)) assert.ok(!log.includes(value), `the log shows "${value}"`);
    assert.match(log, /"msg":"lead stored"/);
    const rows = readLeadRowsAt(join(dataDir, 'leads.db'));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.sms_status, 'skipped');
    assert.equal(rows[0]?.email_status, 'skipped');
  });

  it('stops on bad configuration with one line per problem and never shows a secret', async () => {
    const { code, output } = await runServerToExit({
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'super-secret-token-value',
      SMTP_URL: 'smtp://user:hunter2-password@127.0.0.1:2525',
    });
    assert.equal(code, 1, output);
    const problems = output.trim().split('\n');
    assert.ok(
      problems.some((l) => /PORT must be a whole number/.test(l)),
      output,
    );
    assert.ok(
      problems.some((l) => /PUBLIC_URL must be/.test(l)),
      output,
    );
    assert.ok(
      problems.some((l) => /SMS alerts need .* TWILIO_FROM/.test(l)),
      output,
    );
    assert.ok(
      problems.some((l) => /E-mail alerts need .* ALERT_EMAIL_TO/.test(l)),
      output,
    );
    assert.doesNotMatch(output, /super-secret-token-value|hunter2-password/);
  });
});
