/**
 * The signed link of an alert e-mail that marks its lead as contacted. It names one lead and one action and
 * carries its expiry (30 days after the lead arrived); the signature is an HMAC under LEAD_LINK_SECRET (or a key
 * generated once and kept in the database), so a link cannot be made up or altered to name another lead, action or
 * date. Opening it shows a page with one button; only the button's POST marks the lead, so a mail scanner that
 * follows links changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MARK_LINK_PATH = '/lead-link';
export const LINK_VALIDITY_MS = 30 * 86_400_000;
export type LinkAction = 'contacted';
const ACTIONS: readonly LinkAction[] = ['contacted'];

export type LinkCheck =
  | { ok: true; leadId: number; action: LinkAction; id: string }
  | { ok: false; reason: 'invalid' | 'expired' };

export type MarkLinks = ReturnType<typeof createMarkLinks>;

export function createMarkLinks(secret: string, publicUrl: string) {
  const sign = (lead: string, action: string, expires: string) =>
    createHmac('sha256', secret).update(`mark-link\n${lead}\n${action}\n${expires}`).digest('base64url');

  return {
    /** The link for a lead that arrived at `createdAt` (ms). */
    url(leadId: number, action: LinkAction, createdAt: number): string {
      const expires = String(Math.floor((createdAt + LINK_VALIDITY_MS) / 1000));
      const query = new URLSearchParams({
        lead: String(leadId),
        action,
        expires,
        sig: sign(String(leadId), action, expires),
      });
      return `${publicUrl}${MARK_LINK_PATH}?${query.toString()}`;
    },
    /** Checks a link's query parameters at `now` (ms). */
    check(query: Record<string, unknown>, now: number): LinkCheck {
      const { lead, action, expires, sig } = query;
      if (
        typeof lead !== 'string' ||
        typeof action !== 'string' ||
        typeof expires !== 'string' ||
        typeof sig !== 'string' ||
        !/^[1-9]\d{0,15}$/.test(lead) ||
        !/^\d{1,12}$/.test(expires) ||
        !(ACTIONS as readonly string[]).includes(action)
      )
        return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(sign(lead, action, expires));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      if (Number(expires) * 1000 <= now) return { ok: false, reason: 'expired' };
      return { ok: true, leadId: Number(lead), action: action as LinkAction, id: sig };
    },
  };
}
