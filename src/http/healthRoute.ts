/**
 * GET /healthz for the container's health check and the load balancer: 200
 * while the database answers, 503 when it does not (a server that cannot
 * store leads should be taken out of rotation and restarted).
 */
import type { RequestHandler } from 'express';
import type { LeadsTable } from '../leads/leadsTable';

export function healthRoute(leads: Pick<LeadsTable, 'ping'>): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      leads.ping();
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  };
}
