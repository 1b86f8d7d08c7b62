/** The spam folder: each lead the filter held back, with its reasons, and Release. */
import { LEAD_ACTIONS, leadActionPath } from '../../contract/inbox';
import { ActionButton, InboxLayout, type InboxPageAssets } from './InboxLayout';
import { LeadHeading } from './LeadHeading';
import type { SpamView } from './views';

export function SpamPage({ view, assets }: { view: SpamView; assets: InboxPageAssets }) {
  return (
    <InboxLayout assets={assets} title="Spam" csrf={view.csrf} current="spam" notice={view.notice}>
      <h1>Spam</h1>
      <p>Leads the filter held back: no alert was sent for them. Release a real one to get its alerts.</p>
      {view.leads.length === 0 ? (
        <p className="owner-empty">No lead is held back as spam.</p>
      ) : (
        <ol className="owner-leads">
          {view.leads.map((lead) => (
            <li key={lead.id} className="owner-lead">
              <LeadHeading lead={lead} after={`why: ${lead.reasons || 'not recorded'}`} />
              <ActionButton
                action={leadActionPath(lead.id, LEAD_ACTIONS.release)}
                csrf={view.csrf}
                label={`Release lead #${lead.id}`}
              />
            </li>
          ))}
        </ol>
      )}
    </InboxLayout>
  );
}
