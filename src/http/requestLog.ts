/**
 * One log line per request: id, method, path, status and time. The health
 * check is logged at debug level only, so probes do not drown the log.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
      const level = req.path === '/healthz' ? 'debug' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger[level]({ reqId: id, method: req.method, path: req.path.slice(0, 200), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}
