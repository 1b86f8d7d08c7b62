/**
 * A lead's booking link: its token names the lead and when it expires, signed with an HMAC under the site's link
 * secret (the one of the mark links), so a token cannot be made up, or altered to name another lead or a later
 * expiry. The link a lead gets with the form's answer lasts 48 hours; the one of a booked call's invite lasts until
 * the call can no longer be changed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenCheck = { ok: true; leadId: number; expires: number } | { ok: false; reason: 'invalid' | 'expired' };

const TOKEN = /^([1-9]\d{0,15})\.(\d{1,12})\.([\w-]{43})$/;

export type BookingLinks = ReturnType<typeof createBookingLinks>;

export function createBookingLinks(secret: string) {
  const sign = (lead: string, expires: string) =>
    createHmac('sha256', secret).update(`booking-link\n${lead}\n${expires}`).digest('base64url');
  return {
    /** The token of a link for the lead, valid until `expiresAt` (ms). */
    token(leadId: number, expiresAt: number): string {
      const expires = String(Math.floor(expiresAt / 1000));
      return `${leadId}.${expires}.${sign(String(leadId), expires)}`;
    },
    check(token: string, now: number): TokenCheck {
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, reason: 'invalid' };
      const [, lead, expires, sig] = match as unknown as [string, string, string, string];
      // The pattern gives the signature the length of a SHA-256 in base64url, as timingSafeEqual needs.
      if (!timingSafeEqual(Buffer.from(sig), Buffer.from(sign(lead, expires)))) return { ok: false, reason: 'invalid' };
      const expiresMs = Number(expires) * 1000;
      if (expiresMs <= now) return { ok: false, reason: 'expired' };
      return { ok: true, leadId: Number(lead), expires: expiresMs };
    },
  };
}
