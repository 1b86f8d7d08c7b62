/**
 * Sign-in, link and passkey posts per client: enough for a person who
 * mistypes or cancels a few times, too few to try tokens or flood the mail.
 */
import type { RequestHandler } from 'express';
import { perClient } from '../rateLimit';

const SIGN_IN_ATTEMPTS = 20;
const SIGN_IN_WINDOW_MS = 10 * 60_000;
const TOO_MANY_SIGN_INS = 'Too many sign-in attempts from your network. Please wait 10 minutes and try again.';

export function signInRateLimit(): RequestHandler {
  return perClient(SIGN_IN_WINDOW_MS, SIGN_IN_ATTEMPTS, (req, res) => {
    if (req.is('application/json') || req.path.endsWith('/options'))
      return void res.status(429).json({ ok: false, error: TOO_MANY_SIGN_INS });
    res.status(429).type('text/plain').send(TOO_MANY_SIGN_INS);
  });
}
