/**
 * GET /healthz for the container's health check and the load balancer: 200 while the database answers, 503 when it
 * does not (a server that cannot store leads should be taken out of rotation and restarted).
 */
import type { RequestHandler } from 'express';

/** `health` throws when the database does not answer. */
export function healthRoute(health: () => void): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      health();
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  };
}
