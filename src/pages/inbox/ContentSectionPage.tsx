/**
 * One section of the page as a form (phone first): Save draft at the top and the bottom, the
 * section's fields, and its uploads (the photo, the thumbnail) as forms of their own under it.
 * A refused stale save shows what was typed, with the text saved elsewhere beside each field
 * that differs.
 */
import { UPLOAD_ACCEPT, UPLOAD_FIELD, UPLOAD_MAX_MEGABYTES } from '../../contract/images';
import { CSRF_FIELD, INBOX_PATHS } from '../../contract/inbox';
import { EDITOR_SECTIONS, partNode } from '../../content/editor';
import { PART_NAMES } from '../../content/schema';
import { ContentErrors } from './ContentErrors';
import { Node } from './ContentFields';
import type { ContentSectionView } from './contentViews';
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import { useShowTime } from './time';

const UPLOADS: Record<string, { action: string; label: string }> = {
  hero: { action: INBOX_PATHS.contentPhoto, label: 'Upload a photo of you' },
  video: { action: INBOX_PATHS.contentThumbnail, label: "Upload the video's thumbnail" },
};

export function ContentSectionPage({ view, assets }: { view: ContentSectionView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  const { section, content, stale } = view;
  const action = `${INBOX_PATHS.content}/${section.key}`;
  const ctx = { errors: view.draft.errors, stale: stale?.content, images: view.images };
  const upload = UPLOADS[section.key];
  const save = (
    <button type="submit" name="op" value="save" className="owner-button owner-button-primary">
      Save draft
    </button>
  );
  return (
    <InboxLayout
      assets={assets}
      title={`Edit: ${section.title}`}
      csrf={view.csrf}
      current="content"
      notice={view.notice}
    >
      <p>
        <a href={INBOX_PATHS.content}>Your page</a> ›
      </p>
      <h1>{section.title}</h1>
      <nav aria-label="Sections" className="owner-section-nav">
        {EDITOR_SECTIONS.map((other) => (
          <a
            key={other.key}
            href={`${INBOX_PATHS.content}/${other.key}`}
            aria-current={other.key === section.key ? 'page' : undefined}
          >
            {other.title}
          </a>
        ))}
      </nav>
      {stale && (
        <section className="owner-card owner-errors" role="alert">
          <h2>Not saved: the draft was changed elsewhere</h2>
          <p>
            It was saved {stale.savedAt ? showTime(stale.savedAt) : ''}
            {stale.savedBy ? ` (${stale.savedBy})` : ''} after you opened this page. Nothing was overwritten. Below is
            what you typed; under each field that differs is the text saved there. Keep what you want and save again.
          </p>
        </section>
      )}
      <ContentErrors errors={view.draft.errors} />
      <form method="post" action={action} className="owner-editor" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={view.csrf} />
        <input type="hidden" name="version" value={view.draft.version} />
        <div className="owner-editor-bar">
          {save}
          <a href={INBOX_PATHS.contentPreview}>Preview</a>
        </div>
        {section.parts.map((part) => {
          const node = partNode(part);
          const fields = (
            <Node node={node} path={part} value={(content as Record<string, unknown>)?.[part]} ctx={ctx} />
          );
          if (node.kind === 'list')
            return (
              <section key={part} className="owner-card">
                {fields}
              </section>
            );
          return (
            <section key={part} className="owner-card" aria-labelledby={`part-${part}`}>
              <h2 id={`part-${part}`}>{PART_NAMES[part]}</h2>
              {fields}
            </section>
          );
        })}
        <div className="owner-actions">{save}</div>
      </form>
      {upload && (
        <form method="post" action={upload.action} encType="multipart/form-data" className="owner-card owner-upload">
          <input type="hidden" name={CSRF_FIELD} value={view.csrf} />
          <input type="hidden" name="version" value={view.draft.version} />
          <div className="owner-field">
            <label htmlFor="upload-image">{upload.label}</label>
            <input id="upload-image" name={UPLOAD_FIELD} type="file" accept={UPLOAD_ACCEPT} required />
            <span className="owner-field-hint">
              JPEG, PNG, WebP or AVIF, at most {UPLOAD_MAX_MEGABYTES} MB. It goes into the draft, not yet onto your
              page.
            </span>
          </div>
          <button type="submit" className="owner-button">
            Upload
          </button>
        </form>
      )}
    </InboxLayout>
  );
}
