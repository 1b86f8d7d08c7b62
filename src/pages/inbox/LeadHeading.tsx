/** A lead in a list: its name and company (the link to its page), its address and when it came. */
import type { ReactNode } from 'react';
import { INBOX_PATHS } from '../../contract/inbox';
import { useShowTime } from './time';
import type { LeadListItem } from './views';

/** `after`: what follows the time on its line (the source, or why it is spam). */
export function LeadHeading({ lead, after }: { lead: LeadListItem; after: ReactNode }) {
  const showTime = useShowTime();
  return (
    <>
      <a href={`${INBOX_PATHS.lead}${lead.id}`} className="owner-lead-link">
        <span className="owner-lead-name">{lead.name}</span>
        <span className="owner-lead-company">{lead.company}</span>
      </a>
      <span className="owner-lead-email">{lead.email}</span>
      <span className="owner-lead-meta">
        <time dateTime={lead.createdAt}>{showTime(lead.createdAt)}</time>
        {' · '}
        {after}
      </span>
    </>
  );
}
