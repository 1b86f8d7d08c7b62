/**
 * Limits lead submissions per client (LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_MS). IPv6 clients are counted per /64,
 * the block one household or server usually holds, so rotating addresses inside it does not reset the count. The
 * client address is Express's req.ip, which honours TRUST_PROXY.
 *
 * The limiter only counts and decides. A request over the limit is marked and answered after the body parser:
 * the refusal is in the form's language, and a form posted without JavaScript gets its typed values again.
 */
import { type RateLimitExceededEventHandler, rateLimit } from 'express-rate-limit';
import type { RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { server as english } from '../strings/en';
import type { Answer } from './leadAnswer';

/** The rate window in whole minutes, as the refusals say it. */
export const minutesOf = (windowMs: number) => Math.ceil(windowMs / 60_000);

/** A limiter per client (IPv6 per /64) with the standard RateLimit headers; `handler` answers over the limit. */
export const perClient = (windowMs: number, limit: number, handler: RateLimitExceededEventHandler) =>
  rateLimit({ windowMs, limit, ipv6Subnet: 64, standardHeaders: 'draft-8', legacyHeaders: false, handler });

const OVER_LIMIT = 'leadRateLimited';

/** True when the limiter let the request through only to read its body for the answer page. */
export function isOverLimit(res: Response): boolean {
  return res.locals[OVER_LIMIT] === true;
}

/** One counter for the lead endpoint and the booking page's posts: a client's requests to both count together. */
export function leadRateLimit(config: Pick<Config, 'leadRateLimit' | 'leadRateWindowMs'>) {
  const minutes = minutesOf(config.leadRateWindowMs);
  // The body is read before the refusal (at most 16 KB), so the refusal is in the language of the form.
  const count = perClient(config.leadRateWindowMs, config.leadRateLimit, (_req, res, next) => {
    res.locals[OVER_LIMIT] = true;
    next();
  });
  /** The lead endpoint's refusal of a request over the limit, once its body was read. */
  const answerOverLimit =
    (answer: Answer): RequestHandler =>
    (req, res, next) => {
      if (isOverLimit(res))
        return answer(req, res, 429, (say) => ({ success: false, error: say.rateLimited(minutes) }));
      next();
    };
  return { count, answerOverLimit };
}

/**
 * A visitor's form fetches a challenge when it loads, after each submission and when one is
 * about to expire: a few per lead. Four per allowed lead, counted on their own, leaves people
 * room and still bounds what a script can ask the server to sign.
 */
export const CHALLENGES_PER_LEAD = 4;

export function challengeRateLimit(config: Pick<Config, 'leadRateLimit' | 'leadRateWindowMs'>): RequestHandler {
  // A challenge request carries no language: the form shows nothing of this refusal anyway.
  const error = english.rateLimited(minutesOf(config.leadRateWindowMs));
  return perClient(
    config.leadRateWindowMs,
    config.leadRateLimit * CHALLENGES_PER_LEAD,
    (_req, res) => void res.status(429).setHeader('Cache-Control', 'no-store').json({ error }),
  );
}
