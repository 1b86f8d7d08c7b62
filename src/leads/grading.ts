/**
 * How sure the server is that a person sent a lead, and why. Pure: the lead
 * service gathers the signals, this decides.
 *
 * - spam: the honeypot was filled, a solved challenge came a second time, the
 *   name or company holds a link or an HTML tag, or the address sent more than
 *   its daily share. Stored for the owner to review; nothing is sent.
 * - unverified: plausible, but without a valid proof of work (no JavaScript,
 *   a script, an old browser, an expired challenge) or sent faster than a
 *   person fills the form. E-mailed, never texted.
 * - verified: everything else. Texted, e-mailed, answered when enabled.
 * With verification off, every lead that is not spam is verified.
 */
import type { GradingConfig } from '../config';
import { hasLinkOrTag } from '../lib/linkRule';

/** How sure the server is that a person sent the lead. */
export type Verdict = 'verified' | 'unverified' | 'spam';
export const VERDICTS: readonly Verdict[] = ['verified', 'unverified', 'spam'];

/** Why a lead got its verdict, as stored in verdict_reasons (comma-separated). */
export type Reason =
  | 'honeypot'
  | 'replayed-proof'
  | 'link-or-tag'
  | 'address-limit'
  | 'no-proof'
  | 'invalid-proof'
  | 'expired-proof'
  | 'too-fast';

/** What the server could check about a proof of work. */
export type ProofStatus = 'valid' | 'missing' | 'invalid' | 'expired' | 'replayed';

export interface Signals {
  honeypot: boolean;
  proof: ProofStatus;
  /** From the challenge's signed issue time to the lead's arrival (valid proofs only). */
  fillMs: number | undefined;
  name: string;
  company: string;
  /** Leads already stored from this e-mail address in the last 24 hours. */
  earlierFromAddress: number;
}

export type GradingRules = Pick<GradingConfig, 'verification' | 'minFillMs' | 'maxPerEmailPerDay'>;

export interface Grade {
  verdict: Verdict;
  reasons: Reason[];
}

const PROOF_REASONS: Partial<Record<ProofStatus, Reason>> = {
  missing: 'no-proof',
  invalid: 'invalid-proof',
  expired: 'expired-proof',
};

export function grade(signals: Signals, rules: GradingRules): Grade {
  const spam: Reason[] = [];
  if (signals.honeypot) spam.push('honeypot');
  if (signals.proof === 'replayed') spam.push('replayed-proof');
  if (hasLinkOrTag(signals.name) || hasLinkOrTag(signals.company)) spam.push('link-or-tag');
  if (signals.earlierFromAddress >= rules.maxPerEmailPerDay) spam.push('address-limit');
  if (spam.length > 0) return { verdict: 'spam', reasons: spam };
  if (rules.verification === 'off') return { verdict: 'verified', reasons: [] };

  const doubt: Reason[] = [];
  const proofReason = PROOF_REASONS[signals.proof];
  if (proofReason) doubt.push(proofReason);
  if (signals.proof === 'valid' && (signals.fillMs ?? 0) < rules.minFillMs) doubt.push('too-fast');
  return doubt.length > 0 ? { verdict: 'unverified', reasons: doubt } : { verdict: 'verified', reasons: [] };
}
