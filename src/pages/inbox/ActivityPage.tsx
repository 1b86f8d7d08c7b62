/** What the owner did, to his leads and his sign-in, newest first, and from where. Erasures name no one. */
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import { useShowTime } from './time';
import type { ActivityView } from './views';

const ACTIONS: Record<string, string> = {
  'signed-in': 'Signed in',
  'signed-out': 'Signed out',
  'signed-out-everywhere': 'Sessions ended',
  'session-ended': 'A session ended',
  'register-link-made': 'Passkey link made',
  'sign-in-link-sent': 'Sign-in link e-mailed',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  marked: 'Lead marked',
  released: 'Lead released',
  'alerts-sent-again': 'Alerts sent again',
  'webhook-on': 'Webhook turned on',
  exported: 'Data downloaded',
  erased: 'Person erased',
  'content-saved': 'Page draft saved',
  'content-published': 'Page published',
  'content-restored': 'Page revision restored',
  'content-imported': 'Page content imported',
  'content-photo': 'Hero photo uploaded',
  'content-thumbnail': 'Video thumbnail uploaded',
  'booking-changed': 'Booking changed',
  'call-cancelled': 'Call cancelled',
};

export function ActivityPage({ view, assets }: { view: ActivityView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  return (
    <InboxLayout assets={assets} title="Activity" csrf={view.csrf} current="activity" notice={view.notice}>
      <h1>Activity</h1>
      {view.entries.length === 0 ? (
        <p className="owner-empty">Nothing yet.</p>
      ) : (
        <ol className="owner-leads">
          {view.entries.map((entry) => (
            <li key={entry.id} className="owner-lead">
              <span className="owner-lead-name">{ACTIONS[entry.action] ?? entry.action}</span>
              {entry.detail && <span className="owner-lead-company">{entry.detail}</span>}
              <span className="owner-lead-meta">
                <time dateTime={entry.at}>{showTime(entry.at)}</time> · {entry.source || 'inbox'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </InboxLayout>
  );
}
