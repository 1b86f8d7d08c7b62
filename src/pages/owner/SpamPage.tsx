/** The spam folder: each lead the filter held back, with its reasons, and Release. */
import { OWNER_PATHS } from '../../ownerContract';
import { ActionButton, OwnerLayout, type OwnerPageAssets } from './OwnerLayout';
import { shortTime } from './ownerTime';
import type { SpamView } from './ownerViews';

export function SpamPage({ view, assets }: { view: SpamView; assets: OwnerPageAssets }) {
  return (
    <OwnerLayout assets={assets} title="Spam" csrf={view.csrf} current="spam" notice={view.notice}>
      <h1>Spam</h1>
      <p>Leads the filter held back: no alert was sent for them. Release a real one to get its alerts.</p>
      {view.leads.length === 0 ? (
        <p className="owner-empty">No lead is held back as spam.</p>
      ) : (
        <ol className="owner-leads">
          {view.leads.map((lead) => (
            <li key={lead.id} className="owner-lead">
              <a href={`${OWNER_PATHS.lead}${lead.id}`} className="owner-lead-link">
                <span className="owner-lead-name">{lead.name}</span>
                <span className="owner-lead-company">{lead.company}</span>
              </a>
              <span className="owner-lead-email">{lead.email}</span>
              <span className="owner-lead-meta">
                <time dateTime={lead.createdAt}>{shortTime(lead.createdAt)}</time> · why:{' '}
                {lead.reasons || 'not recorded'}
              </span>
              <ActionButton
                action={`${OWNER_PATHS.lead}${lead.id}/release`}
                csrf={view.csrf}
                label={`Release lead #${lead.id}`}
              />
            </li>
          ))}
        </ol>
      )}
    </OwnerLayout>
  );
}
