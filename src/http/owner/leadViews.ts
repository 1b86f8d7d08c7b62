/** A lead row as the owner's lists show it: who, when, from where, the verdict and his status. */
import type { LeadRow } from '../../leads/leadsTable';
import type { LeadListItem } from '../../pages/owner/ownerViews';
import { describeSource, sourceOf } from '../../sources/attribution';

export const listItem = (row: LeadRow): LeadListItem => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  createdAt: row.created_at,
  source: describeSource(sourceOf(row)),
  verdict: row.verdict,
  status: row.status,
});
