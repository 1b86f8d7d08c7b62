/**
 * POST /functions/v1/process-lead-notification, read top to bottom:
 * same-site check -> rate limit -> parse -> validate -> honeypot -> dedupe -> store -> notify -> respond.
 * The lead is committed before any alert is attempted, so whatever happens
 * to the providers, a lead the visitor was told about is never lost.
 */
import { Router, type Request, type Response } from 'express';
import type { Config } from '../config';
import { CROSS_SITE_ERROR, rejectCrossSiteOrigin } from '../http/rejectCrossSiteOrigin';
import type { Logger } from '../logger';
import type { LeadResultPage } from '../pages/leadResultPage';
import { LEAD_ENDPOINT } from '../pages/form/endpoint';
import { hashIp } from '../storage/ipHash';
import { parseLeadBody } from './bodyParsing';
import { DEDUPE_WINDOW_MS, PendingAnswers, dedupeKey } from './dedupe';
import type { LeadCapture } from './leadCapture';
import type { LeadInput, LeadResponse } from './leadResponse';
import { leadRateLimit } from './rateLimit';
import { createAnswer } from './respond';
import { isHoneypotHit, validateLead } from './validation';

export interface LeadRouteDeps {
  config: Config;
  logger: Logger;
  capture: LeadCapture;
  resultPage: LeadResultPage;
}

export const STORE_FAILED = 'We could not save your request right now. Please try again in a few minutes.';
const MAX_USER_AGENT = 512;

export function leadRoutes({ config, logger, capture, resultPage }: LeadRouteDeps): Router {
  const { store, dispatcher, ipSalt, now } = capture;
  const answer = createAnswer(resultPage);
  const inProgress = new PendingAnswers();

  /** An identical submission still running, or stored within the window: its answer, without a second alert. */
  function earlierAnswer(key: string): Promise<LeadResponse> | LeadResponse | undefined {
    const running = inProgress.get(key);
    if (running) return running;
    const earlier = store.findDuplicate(key, new Date(now() - DEDUPE_WINDOW_MS).toISOString());
    if (earlier) return { success: true, notificationResult: earlier.sms_status === 'sent' };
    return undefined;
  }

  function storeLead(lead: LeadInput, key: string, req: Request): number {
    return store.insert({
      ...lead,
      createdAt: new Date(now()).toISOString(),
      userAgent: req.get('user-agent')?.slice(0, MAX_USER_AGENT) ?? null,
      ipHash: hashIp(ipSalt, req.ip),
      dedupeKey: key,
      smsStatus: dispatcher.channels.includes('sms') ? 'pending' : 'skipped',
      emailStatus: dispatcher.channels.includes('email') ? 'pending' : 'skipped',
    });
  }

  /** notificationResult is true exactly when Twilio accepted the SMS within the answer timeout. */
  async function notify(leadId: number): Promise<LeadResponse> {
    try {
      // The providers' SDKs load on first use; the answer timeout is for the provider, so a lead
      // arriving before they are loaded waits for the (once-only) load first, not inside the timeout.
      await capture.warmSenders().catch(() => undefined); // a failed load fails the attempt, which is retried
      const accepted = await dispatcher.notifyNewLead(leadId);
      return { success: true, notificationResult: accepted.sms };
    } catch (err) {
      logger.error({ leadId, err }, 'alerts could not be started; the retry loop will send them');
      return { success: true, notificationResult: false };
    }
  }

  async function handleLead(req: Request, res: Response): Promise<void> {
    const validation = validateLead(req.body);
    if (!validation.ok) return answer(req, res, 400, { success: false, error: validation.error });

    if (isHoneypotHit(req.body)) {
      logger.info('honeypot field filled: answered as a success, nothing stored or sent');
      return answer(req, res, 200, { success: true, notificationResult: true });
    }

    const key = dedupeKey(validation.lead);
    let leadId: number;
    try {
      const earlier = earlierAnswer(key);
      if (earlier) {
        logger.info('identical submission within a minute: earlier answer repeated, no second alert');
        return answer(req, res, 200, await earlier);
      }
      leadId = storeLead(validation.lead, key, req);
    } catch (err) {
      logger.error({ err }, 'lead could not be stored');
      return answer(req, res, 500, { success: false, error: STORE_FAILED });
    }
    logger.info({ leadId }, 'lead stored');

    const response = await inProgress.track(key, notify(leadId));
    answer(req, res, 200, response);
  }

  const router = Router();
  // First, so a page of another site cannot make its visitors' browsers post leads (nor use up their rate limit).
  const sameSiteOnly = rejectCrossSiteOrigin(config.publicUrl, (req, res) => answer(req, res, 403, { success: false, error: CROSS_SITE_ERROR }));
  router.post(LEAD_ENDPOINT, sameSiteOnly, leadRateLimit(config, answer), ...parseLeadBody(answer), handleLead);
  router.all(LEAD_ENDPOINT, (req, res) => {
    res.setHeader('Allow', 'POST');
    answer(req, res, 405, { success: false, error: 'Submit the form with a POST request.' });
  });
  return router;
}
