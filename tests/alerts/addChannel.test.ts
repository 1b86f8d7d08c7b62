/**
 * Adding an alert channel is its sender plus one entry in the channel list
 * (docs/architecture.md, "Adding an alert channel"). This test adds a pager
 * channel of kind 'instant' from the test alone, with no source file changed,
 * and sees the site plan it for a verified lead (not for an unverified one),
 * deliver it, retry it after a failure, and report it in `leads status`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertLead } from '../../src/alerts/alertSender';
import { CHANNELS, type ChannelSpec } from '../../src/alerts/channels';
import { runCli } from '../support/cli';
import { leadSitesPerTest } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

const site = leadSitesPerTest();

function pagerChannel(failuresFirst: number) {
  const pages: { leadId: number; at: number }[] = [];
  let failures = failuresFirst;
  const pager: ChannelSpec = {
    name: 'pager',
    audience: 'owner',
    kind: 'instant',
    provider: 'Pager (test)',
    maxInFlight: 4,
    recordWhenOff: false,
    sender: () => ({
      async send(lead: AlertLead) {
        pages.push({ leadId: lead.id, at: Date.now() });
        if (failures-- > 0) throw Object.assign(new Error('pager gateway down'), { code: 'EPAGER' });
        return { providerMessageId: `PG-${lead.id}` };
      },
    }),
  };
  return { pager, pages };
}

const pagerRow = (s: Awaited<ReturnType<typeof site>>, leadId: number) =>
  s.services.db
    .prepare(
      "SELECT status, attempts, last_error, provider_message_id FROM alerts WHERE lead_id = ? AND channel = 'pager'",
    )
    .get(leadId) as
    | { status: string; attempts: number; last_error: string | null; provider_message_id: string | null }
    | undefined;

describe('a channel added to the list', () => {
  it('is planned for a verified lead, delivered, and retried after a failure, like the channels of the release', async () => {
    const { pager, pages } = pagerChannel(1);
    const s = await site({ deps: { channels: [...CHANNELS, pager] } });
    const answer = await s.post({ name: 'Ada Lovelace', company: 'Engines', email: 'ada@example.com' });
    assert.deepEqual(answer, { status: 200, json: { success: true, notificationResult: true } });

    await waitFor(() => pagerRow(s, 1)?.status === 'sent', 4000, 'the page to be delivered after its retry');
    assert.deepEqual(pagerRow(s, 1), { status: 'sent', attempts: 2, last_error: null, provider_message_id: 'PG-1' });
    assert.deepEqual(
      pages.map((p) => p.leadId),
      [1, 1],
      'one failed attempt, one accepted',
    );
    assert.ok((pages[1]?.at ?? 0) - (pages[0]?.at ?? 0) >= 95, 'retried after the retry base (100 ms), not at once');
    await waitFor(() => s.smtp.messages.length === 1, 4000, 'the e-mail, as before');
    assert.equal(s.twilio.messages.length, 1, 'the SMS went out as before');

    const status = await runCli(['status'], { DATABASE_PATH: s.databasePath });
    assert.match(status.stdout, /^pager\s+sent\s+1$/m);
  });

  it('is left out for an unverified lead, as an instant channel is', async () => {
    const { pager, pages } = pagerChannel(0);
    const s = await site({ env: { LEAD_VERIFICATION: 'proof' }, deps: { channels: [...CHANNELS, pager] } });
    await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' }); // no proof of work: unverified
    await waitFor(() => s.smtp.messages.length === 1, 4000, 'the e-mail of the unverified lead');
    assert.equal(pagerRow(s, 1), undefined);
    assert.equal(pages.length, 0);
  });
});
