/**
 * ical.js is loaded on first use (src/lib/ical.ts), so every channel that writes an invite must load it itself. In
 * this file's own process nothing has loaded it yet: the first call booked after a start sends the visitor's
 * invite and the owner's on their first attempts, whichever of them runs first.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pathOf, setAvailability } from '../support/booking';
import { type LeadSite, startLeadSite } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

let site: LeadSite;
before(async () => {
  site = await startLeadSite({ env: { ALERT_EMAIL_TO: 'owner@example.com' } });
});
after(() => site.close());

it('the first call booked after a start sends both invites on their first attempts', async () => {
  setAvailability(site, { enabled: 'true', hours: 'mon-sun 00:00-23:30', notice: '1' });
  const answer = await site.post({ name: 'Ana Souza', company: 'Fintech Ltda', email: 'ana@fintech.example' });
  const token = pathOf(String(answer.json.bookingUrl)).split('/').at(-1) ?? '';
  const view = await site.services.bookings.view(token);
  const slot = view.kind === 'open' && Array.isArray(view.slots) ? view.slots[0] : undefined;
  assert.ok(slot, 'a time is offered');
  const booked = await site.services.bookings.book(token, new Date(slot.start).toISOString(), 'Asia/Kolkata');
  assert.equal(booked.kind, 'booked');
  const invites = () =>
    site.services.db
      .prepare(
        "SELECT channel, status, attempts, last_error FROM alerts WHERE channel IN ('booking-invite', 'booking-email') ORDER BY channel",
      )
      .all() as { channel: string; status: string; attempts: number; last_error: string | null }[];
  await waitFor(() => invites().every((row) => row.status !== 'pending'), 10_000, 'both invites attempted');
  assert.deepEqual(invites(), [
    { channel: 'booking-email', status: 'sent', attempts: 1, last_error: null },
    { channel: 'booking-invite', status: 'sent', attempts: 1, last_error: null },
  ]);
  assert.equal(site.smtp.messages.filter((m) => m.to.includes('ana@fintech.example')).length, 1);
});
