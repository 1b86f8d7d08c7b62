/**
 * A booking changed while its e-mails are stuck: the SMTP server holds the invites past their attempt's deadline
 * (the attempt fails; nodemailer cannot stop), the visitor cancels, then the server accepts the held invites late.
 * What was accepted late is the booked version; the cancel must still reach the visitor and the owner.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathOf, setAvailability } from '../support/booking';
import { startHeldSmtp } from '../support/heldSmtp';
import { startLeadSite } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

describe('a booking cancelled while its invites are stuck past their deadline', () => {
  it('still sends the cancel to both once the stuck invites are accepted late', async () => {
    const smtp = await startHeldSmtp();
    const site = await startLeadSite({ publicOrigin: true, env: { SMTP_URL: smtp.url } });
    try {
      setAvailability(site, { enabled: 'true', hours: 'mon-sun 00:00-24:00', notice: '0' });
      const answer = await site.post({ name: 'Ana Souza', company: 'Fintech', email: 'ana@fintech.example' });
      const path = pathOf(String(answer.json.bookingUrl));
      const times = await fetch(`${site.url}${path}`, { headers: { Accept: 'application/json' } });
      // A time more than 2 hours away, so that the link may still cancel it.
      const slots = ((await times.json()) as { slots: string[] }).slots;
      const slot = slots.find((start) => Date.parse(start) > Date.now() + 3 * 3_600_000) as string;
      const post = (fields: Record<string, string>) =>
        fetch(`${site.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.url },
          body: new URLSearchParams({ zone: 'UTC', ...fields }),
        });
      const row = (channel: string) =>
        site.services.db.prepare('SELECT status, last_error FROM alerts WHERE channel = ?').get(channel) as
          | { status: string; last_error: string | null }
          | undefined;

      smtp.hold();
      assert.equal((await post({ action: 'book', slot })).status, 200);
      await waitFor(
        () => ['booking-invite', 'booking-email'].every((ch) => /no answer within/.test(row(ch)?.last_error ?? '')),
        10_000,
        'both invites to fail at their deadline, still held by the server',
      );
      assert.equal((await post({ action: 'cancel', email: 'ana@fintech.example' })).status, 200);
      smtp.release();

      const cancelTo = (address: string) =>
        smtp.accepted.some((m) => m.to.includes(address) && m.subject.startsWith('Cancelled: '));
      await waitFor(() => cancelTo('ana@fintech.example'), 10_000, "the visitor's cancel");
      await waitFor(() => cancelTo('owner@example.com'), 10_000, "the owner's cancel");
      await waitFor(() => row('booking-invite')?.status === 'sent' && row('booking-email')?.status === 'sent');
      const toVisitor = smtp.accepted.filter((m) => m.to.includes('ana@fintech.example')).map((m) => m.subject);
      assert.ok(toVisitor.at(-1)?.startsWith('Cancelled: '), `the cancel comes last: ${toVisitor.join(' | ')}`);
    } finally {
      await site.close();
      await smtp.close();
    }
  });
});
