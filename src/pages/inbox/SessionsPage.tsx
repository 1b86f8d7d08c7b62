/**
 * The browsers signed in to the inbox: each with the device it was made on, how it signed in, when it
 * began and was last seen, and Sign out; and Sign out everywhere else. A lost phone is signed out
 * here, or by removing its passkey.
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { ActionButton, InboxLayout, type InboxPageAssets } from './InboxLayout';
import { useShowTime } from './time';
import type { SessionsView } from './views';

export function SessionsPage({ view, assets }: { view: SessionsView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  const others = view.sessions.filter((session) => !session.current).length;
  return (
    <InboxLayout assets={assets} title="Sessions" csrf={view.csrf} current="sessions" notice={view.notice}>
      <h1>Sessions</h1>
      <p>The browsers signed in to your inbox. Sign out one you do not know, or one of a device you lost.</p>
      <ul className="owner-leads">
        {view.sessions.map((session) => (
          <li key={session.key} className="owner-lead">
            <span className="owner-lead-name">
              {session.device}
              {session.current && ' (this browser)'}
            </span>
            <span className="owner-lead-meta">
              Signed in with {session.via === 'link' ? 'an e-mailed link' : 'a passkey'} {showTime(session.createdAt)} ·
              last seen {showTime(session.lastSeenAt)}
            </span>
            {!session.current && (
              <ActionButton
                action={`${INBOX_PATHS.sessions}/${session.key}/end`}
                csrf={view.csrf}
                label={`Sign out ${session.device}`}
                variant="danger"
              />
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <div className="owner-actions">
          <ActionButton action={INBOX_PATHS.endOtherSessions} csrf={view.csrf} label="Sign out everywhere else" />
        </div>
      )}
    </InboxLayout>
  );
}
