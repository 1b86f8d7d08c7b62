/**
 * Limits lead submissions per client (LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_MS). IPv6 clients are counted per /64,
 * the block one household or server usually holds, so rotating addresses inside it does not reset the count. The
 * client address is Express's req.ip, which honours TRUST_PROXY.
 *
 * The limiter only counts and decides. A JSON client over the limit is answered at once; a form posted without
 * JavaScript is marked and answered after the body parser, because its answer page shows the typed values again.
 */
import { type RateLimitExceededEventHandler, rateLimit } from 'express-rate-limit';
import type { RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { wantsHtml, type Answer } from './leadAnswer';

export function rateLimitMessage(windowMs: number): string {
  const minutes = Math.ceil(windowMs / 60_000);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return `Too many requests from your network. Please wait ${wait} and try again.`;
}

/** A limiter per client (IPv6 per /64) with the standard RateLimit headers; `handler` answers over the limit. */
export const perClient = (windowMs: number, limit: number, handler: RateLimitExceededEventHandler) =>
  rateLimit({ windowMs, limit, ipv6Subnet: 64, standardHeaders: 'draft-8', legacyHeaders: false, handler });

const OVER_LIMIT = 'leadRateLimited';

/** True when the limiter let the request through only to read its body for the answer page. */
export function isOverLimit(res: Response): boolean {
  return res.locals[OVER_LIMIT] === true;
}

export function leadRateLimit(config: Pick<Config, 'leadRateLimit' | 'leadRateWindowMs'>, answer: Answer) {
  const error = rateLimitMessage(config.leadRateWindowMs);
  const count = perClient(config.leadRateWindowMs, config.leadRateLimit, (req, res, next) => {
    if (!wantsHtml(req)) return answer(req, res, 429, { success: false, error });
    res.locals[OVER_LIMIT] = true;
    next();
  });
  const answerOverLimit: RequestHandler = (req, res, next) => {
    if (isOverLimit(res)) return answer(req, res, 429, { success: false, error });
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
  const error = rateLimitMessage(config.leadRateWindowMs);
  return perClient(
    config.leadRateWindowMs,
    config.leadRateLimit * CHALLENGES_PER_LEAD,
    (_req, res) => void res.status(429).setHeader('Cache-Control', 'no-store').json({ error }),
  );
}
