/** A page of the inbox that only says something: a page that does not exist, an action refused. */
import { INBOX_PATHS } from '../../contract/inbox';
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import type { MessageView } from './views';

export function MessagePage({ view, assets }: { view: MessageView; assets: InboxPageAssets }) {
  return (
    <InboxLayout assets={assets} title={view.title} csrf={view.csrf}>
      <section className="owner-card" aria-labelledby="message-title">
        <h1 id="message-title">{view.title}</h1>
        <p>{view.message}</p>
        <p>
          <a href={view.csrf === undefined ? INBOX_PATHS.login : INBOX_PATHS.inbox}>
            {view.csrf === undefined ? 'Sign in' : 'All leads'}
          </a>
        </p>
      </section>
    </InboxLayout>
  );
}
