/**
 * Limits lead submissions per client (LEAD_RATE_LIMIT per LEAD_RATE_WINDOW_MS).
 * IPv6 clients are counted per /64, the block one household or server usually
 * holds, so rotating addresses inside it does not reset the count. The client
 * address is Express's req.ip, which honours TRUST_PROXY.
 */
import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { Config } from '../config';
import { formParser } from './bodyParsing';
import { wantsHtml, type Answer } from './respond';

export function rateLimitMessage(windowMs: number): string {
  const minutes = Math.ceil(windowMs / 60_000);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return `Too many requests from your network. Please wait ${wait} and try again.`;
}

export function leadRateLimit(config: Pick<Config, 'leadRateLimit' | 'leadRateWindowMs'>, answer: Answer): RequestHandler {
  const error = rateLimitMessage(config.leadRateWindowMs);
  return rateLimit({
    windowMs: config.leadRateWindowMs,
    limit: config.leadRateLimit,
    ipv6Subnet: 64,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      const reply = () => answer(req, res, 429, { success: false, error });
      // The no-JavaScript answer shows the form again with what was typed, so read it first.
      if (wantsHtml(req)) return formParser(req, res, reply);
      reply();
    },
  });
}
