/** The lead the alert-text tests write about, and the owner's envelope: one place for the expected texts to refer to. */
export const ALERT_LEAD = {
  id: 7,
  createdAt: '2026-03-04T05:06:07.890Z',
  name: 'Ada Lovelace',
  company: 'Analytical Engines',
  email: 'ada@example.com',
  verdict: 'verified',
  source: 'direct',
};

export const ALERT_ENVELOPE = { from: 'alerts@example.com', to: 'owner@example.com' };
