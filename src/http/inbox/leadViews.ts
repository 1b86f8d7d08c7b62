/** A lead as the owner's pages name and show it. */
import type { Request } from 'express';
import type { LeadRow } from '../../leads/leadsTable';
import type { LeadListItem } from '../../pages/inbox/views';
import { describeSource, sourceOf } from '../../sources/attribution';

/** A lead row as the owner's lists show it: who, when, from where, the verdict and his status. */
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

/** The lead id of a `/owner/leads/:id` path, or undefined when it is no id. */
export function leadIdOf(req: Request): number | undefined {
  const id = String(req.params.id);
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}
