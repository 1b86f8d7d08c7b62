/**
 * Reads the lead's body: JSON or form fields, at most 16 KB. Every way a body can be unreadable gets its own clear
 * sentence and status, answered here so the route itself only ever sees a parsed body.
 */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { BODY_LIMIT_BYTES } from '../contract/lead';
import type { Answer } from './leadAnswer';
import { isOverLimit } from './rateLimit';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

const formParser = express.urlencoded({
  limit: BODY_LIMIT_BYTES,
  extended: false,
  parameterLimit: 100,
  type: FORM_TYPE,
});
const jsonParser = express.json({ limit: BODY_LIMIT_BYTES, strict: true, type: JSON_TYPE });

const PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, `The request is too large: it must be at most ${BODY_LIMIT_BYTES / 1024} KB.`],
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'entity.verify.failed': [400, 'The request body could not be read.'],
  'parameters.too.many': [400, 'The form has too many fields.'],
  'charset.unsupported': [400, 'The request body must be encoded as UTF-8.'],
  'encoding.unsupported': [400, 'The request body must not be compressed.'],
};

/**
 * The body parsers and their error answers. A request the rate limiter marked is passed on unread on
 * any error, to be answered 429.
 */
export function parseLeadBody(answer: Answer): (RequestHandler | ErrorRequestHandler)[] {
  const requireKnownType: RequestHandler = (req, res, next) => {
    if (req.is([JSON_TYPE, FORM_TYPE]) || isOverLimit(res)) return next();
    answer(req, res, 400, {
      success: false,
      error:
        'Send the request as JSON (Content-Type: application/json) or as form fields (application/x-www-form-urlencoded).',
    });
  };
  const explainParserError: ErrorRequestHandler = (err: { type?: unknown; status?: unknown }, req, res, next) => {
    if (err.type === 'request.aborted') return; // the client is gone: nobody to answer
    if (isOverLimit(res)) return next();
    const known = typeof err.type === 'string' ? PARSER_ERRORS[err.type] : undefined;
    if (known) return answer(req, res, known[0], { success: false, error: known[1] });
    if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
      return answer(req, res, 400, { success: false, error: 'The request body could not be read.' });
    }
    next(err);
  };
  return [requireKnownType, jsonParser, formParser, explainParserError];
}
