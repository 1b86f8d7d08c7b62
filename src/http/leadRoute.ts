/**
 * The lead endpoint, in HTTP terms only: same-site check -> rate limit -> body parsing -> leadService.submitLead
 * -> answer. What happens to the lead (validation, dedupe, storage, alerts) is the lead service's business; this
 * module turns its outcome into a status code and a JSON answer or the no-JavaScript result page.
 */
import { Router, type Request, type Response } from 'express';
import type { Config } from '../config';
import { LEAD_CHALLENGE_ENDPOINT, LEAD_ENDPOINT } from '../contract/lead';
import type { ProofChallenges } from '../leads/altchaChallenges';
import type { LeadOutcome, LeadService } from '../leads/leadService';
import { parseLeadBody } from './bodyParsing';
import type { LeadResultPage } from '../pages/leadResultPage';
import { createAnswer, languageOf, type Offered, type Reply } from './leadAnswer';
import { challengeRateLimit, type leadRateLimit } from './rateLimit';
import { CROSS_SITE_ERROR, rejectCrossSiteOrigin } from './sameSite';

export interface LeadRouteDeps {
  config: Config;
  service: LeadService;
  challenges: Pick<ProofChallenges, 'challenge'>;
  resultPage: LeadResultPage;
  /** The languages the page is offered in now: a form's language counts only if it is one of them. */
  offered: Offered;
  /** A verified lead's booking page while the owner takes bookings; undefined otherwise. */
  bookingLink: (leadId: number) => string | undefined;
  /** The lead endpoint's rate limit, shared with the booking page's posts. */
  limit: ReturnType<typeof leadRateLimit>;
}

const USE_POST = 'Submit the form with a POST request.';

function toHttp(outcome: LeadOutcome, bookingLink: LeadRouteDeps['bookingLink']): [number, Reply] {
  switch (outcome.kind) {
    case 'accepted': {
      const bookingUrl = bookingLink(outcome.leadId);
      const answered = { success: true as const, notificationResult: outcome.notificationResult };
      return [200, bookingUrl === undefined ? answered : { ...answered, bookingUrl }];
    }
    case 'invalid':
      return [400, { success: false, error: outcome.error }];
    case 'not-stored':
      return [500, (say) => ({ success: false, error: say.storeFailed })];
  }
}

export function leadRoute(deps: LeadRouteDeps): Router {
  const { config, service, challenges, resultPage, offered, limit } = deps;
  const answer = createAnswer(resultPage, offered);

  async function submit(req: Request, res: Response): Promise<void> {
    const outcome = await service.submitLead(req.body, {
      ip: req.ip,
      userAgent: req.get('user-agent'),
      referer: req.get('referer'),
      isJson: req.is('application/json') === 'application/json',
      language: languageOf(req, offered),
    });
    const [status, response] = toHttp(outcome, deps.bookingLink);
    answer(req, res, status, response);
  }

  // Case-sensitive and strict: /FUNCTIONS/V1/... or a trailing slash is another path (a 404), not this endpoint.
  const router = Router({ caseSensitive: true, strict: true });
  // First, so a page of another site cannot make its visitors' browsers post leads (nor use up their rate limit).
  const sameSiteOnly = rejectCrossSiteOrigin(config, (req, res) =>
    answer(req, res, 403, { success: false, error: CROSS_SITE_ERROR }),
  );
  const answerOverLimit = limit.answerOverLimit(answer);
  router.post(LEAD_ENDPOINT, sameSiteOnly, limit.count, ...parseLeadBody(answer), answerOverLimit, submit);
  router.all(LEAD_ENDPOINT, (req, res) => {
    res.setHeader('Allow', 'POST');
    answer(req, res, 405, { success: false, error: USE_POST });
  });

  // The form's proof-of-work challenge: signed, never cached (each is valid once), rate limited on its own.
  router.get(LEAD_CHALLENGE_ENDPOINT, challengeRateLimit(config), async (_req, res) => {
    const challenge = await challenges.challenge();
    res.setHeader('Cache-Control', 'no-store');
    res.json(challenge);
  });
  router.all(LEAD_CHALLENGE_ENDPOINT, (_req, res) => {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).setHeader('Cache-Control', 'no-store').json({ error: 'Fetch a challenge with a GET request.' });
  });
  return router;
}
