/**
 * A lead row as the lead service would hand it to the leads table: Ada's, from
 * no campaign, verified. Tests of the tables and the delivery rig override
 * what they look at (the time, the dedupe key).
 */
import type { NewLead } from '../../src/leads/leadsTable';

export const newLeadRow = (over: Partial<NewLead> = {}): NewLead => ({
  createdAt: '2026-01-01T10:00:00.000Z',
  name: 'Ada',
  company: 'Engines',
  email: 'ada@example.com',
  emailKey: 'ada@example.com',
  userAgent: null,
  ipHash: null,
  dedupeKey: 'key-1',
  verdict: 'verified',
  verdictReasons: '',
  language: 'en',
  source: {
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    referrer: 'direct',
  },
  ...over,
});
