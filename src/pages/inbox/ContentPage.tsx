/**
 * The page's content in the inbox: what visitors see (the published revision, in which languages)
 * and the draft (saved, with its errors, how many fields it changes and the texts each language
 * lacks), the sections to edit one at a time, Preview, Publish and History.
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { EDITOR_SECTIONS, sectionOfPath } from '../../content/editor';
import { plural } from '../../content/fields';
import { ContentErrors } from './ContentErrors';
import { ContentLanguages } from './ContentLanguages';
import type { ContentOverviewView } from './contentViews';
import { ActionButton, InboxLayout, type InboxPageAssets } from './InboxLayout';
import { useShowTime } from './time';

export function ContentPage({ view, assets }: { view: ContentOverviewView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  const { draft, published } = view;
  const errorsIn = (key: string) => draft.errors.filter((error) => sectionOfPath(error.path)?.key === key).length;
  return (
    <InboxLayout assets={assets} title="Your page" csrf={view.csrf} current="content" notice={view.notice}>
      <h1>Your page</h1>
      {published.skipped.map((skipped) => (
        <section key={skipped.revision} className="owner-card owner-errors" role="alert">
          <h2>Revision {skipped.revision} is not served</h2>
          <p>
            It does not satisfy this version of the site, so visitors see revision {published.revision}. Restore it from
            the history, fix what is listed, and publish again.
          </p>
          <ul>
            {skipped.errors.slice(0, 10).map((error) => (
              <li key={`${error.path}:${error.message}`}>
                {error.message} <code>{error.path}</code>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p>
        Visitors see revision {published.revision}
        {published.publishedAt && `, published ${showTime(published.publishedAt)} (${published.publishedBy})`}.{' '}
        {draft.version === 0
          ? 'You have no draft yet: edit a section to start one.'
          : `Your draft (version ${draft.version}, saved ${showTime(draft.savedAt ?? '')}) changes ${plural(draft.changes, 'field')}.`}
      </p>
      <ContentErrors errors={draft.errors} />
      <ContentLanguages offered={published.offered} draft={draft.languages} />
      <nav aria-label="Sections of your page" className="owner-card">
        <h2>Edit a section</h2>
        <ul className="owner-sections">
          {EDITOR_SECTIONS.map((section) => {
            const errors = errorsIn(section.key);
            return (
              <li key={section.key}>
                <a href={`${INBOX_PATHS.content}/${section.key}`}>{section.title}</a>
                {errors > 0 && <span className="owner-tag owner-tag-spam">{plural(errors, 'error')}</span>}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="owner-actions">
        <a className="owner-button owner-button-link" href={INBOX_PATHS.contentPreview}>
          Preview
        </a>
        <ActionButton
          action={INBOX_PATHS.contentPublish}
          csrf={view.csrf}
          label="Publish"
          variant="primary"
          fields={{ version: String(draft.version) }}
        />
        <a className="owner-button owner-button-link" href={INBOX_PATHS.contentHistory}>
          History
        </a>
      </div>
    </InboxLayout>
  );
}
