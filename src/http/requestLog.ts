/**
 * One log line per request: id, method, path (a one-time link's token left out), status and time. The health check
 * is logged at debug level only, so probes do not drown the log.
 *
 * Kept cheap because it runs for every request: the id is a per-process random prefix plus a counter (unique, no
 * random bytes per request), and when the level is off no 'finish' listener or timer is set up at all.
 */
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../lib/logger';
import { INBOX_PATHS } from '../contract/inbox';

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;
const processPrefix = randomBytes(6).toString('base64url');
let counter = 0;

/** The caller's X-Request-Id when it is safe to echo, else a new id unique to this process run. */
export function requestId(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  counter = counter >= Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
  return `${processPrefix}-${counter.toString(36)}`;
}

/** The owner's one-time links carry their token in the path: a log keeps the path without it. */
const TOKEN_PATHS = [INBOX_PATHS.register, INBOX_PATHS.signInLink];

export function loggedPath(path: string): string {
  const prefix = TOKEN_PATHS.find((p) => path.startsWith(p));
  if (prefix) return `${prefix}[token]${path.endsWith('/options') ? '/options' : ''}`;
  return path.slice(0, 200);
}

/** The request's log line; `started` is a performance.now() reading. */
export function logRequest(
  logger: Logger,
  level: 'debug' | 'info',
  id: string,
  method: string,
  path: string,
  status: number,
  started: number,
): void {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  logger[level]({ reqId: id, method, path: loggedPath(path), status, ms }, 'request');
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestId(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    const level = req.path === '/healthz' ? 'debug' : 'info';
    if (logger.isLevelEnabled(level)) {
      const started = performance.now();
      res.once('finish', () => logRequest(logger, level, id, req.method, req.path, res.statusCode, started));
    }
    next();
  };
}
