/**
 * Twilio's delivery reports for the SMS alerts (the StatusCallback each SMS asks for). Anyone can post here, so a
 * report is believed only when its X-Twilio-Signature validates with the auth token, checked by the twilio
 * package's own validateRequest over the URL Twilio was given: built from PUBLIC_URL, never from the Host header a
 * client chose. Anything else gets 403 and changes nothing.
 */
import express, { Router } from 'express';
import { loadOnce } from '../lib/loadOnce';
import type { SmsConfig } from '../config';
import { SMS_STATUS_PATH, type SmsReceipts } from '../leads/smsReceipts';
import type { Logger } from '../lib/logger';

export interface SmsStatusDeps {
  sms: SmsConfig;
  publicUrl: string;
  receipts: SmsReceipts;
  logger: Logger;
}

// The twilio package is loaded on the first report, as the SMS sender loads it on the first SMS.
const validator = loadOnce(() => import('twilio').then((m) => m.default.validateRequest));

const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 100 });

export function smsStatusRoute({ sms, publicUrl, receipts, logger }: SmsStatusDeps): Router {
  const router = Router();
  router.post(SMS_STATUS_PATH, form, async (req, res) => {
    const signature = req.get('X-Twilio-Signature');
    const params = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, string>;
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const url = `${publicUrl}${SMS_STATUS_PATH}${query}`;
    if (!signature || !(await validator.get())(sms.authToken, signature, url, params)) {
      logger.warn('SMS status report refused: its signature does not validate');
      return void res.status(403).type('text/plain').send('Forbidden: the request is not signed by Twilio.');
    }
    const { MessageSid: messageSid, MessageStatus: status, ErrorCode: errorCode } = params;
    if (typeof messageSid === 'string' && typeof status === 'string')
      receipts.record({
        messageSid,
        status,
        errorCode: typeof errorCode === 'string' && errorCode !== '' ? errorCode : undefined,
      });
    res.status(204).end();
  });
  return router;
}
