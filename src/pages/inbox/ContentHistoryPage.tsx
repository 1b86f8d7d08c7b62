/**
 * Every published revision of the page, newest first: when, by whom, the fields it changed, and
 * Restore, which copies it into the draft (nothing is rewritten or deleted; publishing it adds a
 * new revision).
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { plural } from '../../content/fields';
import type { ContentHistoryView } from './contentViews';
import { ActionButton, InboxLayout, type InboxPageAssets } from './InboxLayout';
import { useShowTime } from './time';

const SHOWN_CHANGES = 8;

export function ContentHistoryPage({ view, assets }: { view: ContentHistoryView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  return (
    <InboxLayout assets={assets} title="History of your page" csrf={view.csrf} current="content" notice={view.notice}>
      <p>
        <a href={INBOX_PATHS.content}>Your page</a> ›
      </p>
      <h1>History</h1>
      <p>Every version you published, newest first. Restore puts one into your draft; publish it to show it again.</p>
      <ol className="owner-leads owner-history" reversed>
        {view.revisions.map((entry) => (
          <li key={entry.revision} className="owner-lead">
            <span className="owner-lead-name">
              Revision {entry.revision}
              {entry.served && ' (on your page now)'}
            </span>
            <span className="owner-lead-meta">
              <time dateTime={entry.publishedAt}>{showTime(entry.publishedAt)}</time> · {entry.publishedBy}
            </span>
            <span className="owner-lead-meta">
              {entry.changed.length === 0
                ? 'The first version.'
                : `Changed ${plural(entry.changed.length, 'field')}: ${entry.changed.slice(0, SHOWN_CHANGES).join(', ')}${entry.changed.length > SHOWN_CHANGES ? ', …' : ''}`}
            </span>
            <ActionButton
              action={`${INBOX_PATHS.contentHistory}/${entry.revision}/restore`}
              csrf={view.csrf}
              label={`Restore revision ${entry.revision}`}
              fields={{ version: String(view.draftVersion) }}
            />
          </li>
        ))}
      </ol>
    </InboxLayout>
  );
}
