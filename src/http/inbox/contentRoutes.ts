/**
 * The page's content, edited from the inbox through the same content actions the CLI calls: the
 * overview, one section's form (POST saves it as the draft, with the list action of the button
 * pressed), the preview of the draft with the public page's renderer, Publish (the page is served
 * anew at once), and the history with Restore. Saves and publishes carry the draft version the page
 * was made from: a save or publish based on an older one is refused, and nothing is overwritten.
 */
import express, { type Response, Router } from 'express';
import { INBOX_PATHS } from '../../contract/inbox';
import { LANGUAGE_NAMES, SITE_LANGUAGES, type SiteLanguage } from '../../contract/languages';
import { editorSection, type EditorSection } from '../../content/editor';
import { plural } from '../../content/fields';
import { type FormFields, readSectionForm } from '../../content/formValues';
import { type Content, validateContent } from '../../content/schema';
import type { Saved } from '../../ownerActions/contentActions';
import { offeredSentence } from '../../ownerActions/contentLanguages';
import type { PreviewNote } from '../../pages/PreviewBanner';
import { draftState, publishedState } from './editorViews';
import { actorOf } from './guard';
import { sendPage, versionOf } from './respond';
import type { InboxRouteDeps } from './signInRoutes';

/** What the editor asks of the site: the public page rendered from a draft, and serving the newest revision now. */
export interface PageControl {
  /**
   * The page of `language` rendered from a draft (English when the draft is not complete in it), with the bar
   * `note` writes, told the languages the draft would be offered in and the one shown.
   */
  preview(
    content: Content,
    language: SiteLanguage,
    note: (offered: readonly SiteLanguage[], shown: SiteLanguage) => PreviewNote,
  ): string;
  showLatest(): void;
}

// A section's form: about 100 fields at most (12 conferences of 4), each text at most 700 characters.
const contentForm = express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 400 });

const CHANGED_ELSEWHERE =
  'The draft was changed in another tab or device after you opened this page, so nothing was done. Look at it here and try again.';

export function contentRoutes(deps: InboxRouteDeps & { page: PageControl }): Router {
  const { owner, guard, pages, answers, page } = deps;
  const router = Router({ caseSensitive: true, strict: true });
  const overview = (res: Response, status = 200, publishRefused = false) =>
    sendPage(
      res,
      status,
      pages.content({
        ...guard.signedIn(res),
        draft: draftState(owner),
        published: publishedState(owner),
        publishRefused,
      }),
    );
  const sectionPage = (
    res: Response,
    section: EditorSection,
    status = 200,
    typed?: { content: unknown; saved: Saved },
  ) => {
    const stored = owner.content.draft();
    const stale = typed?.saved.kind === 'stale' ? typed.saved.stored : undefined;
    const { photo, thumbnail } = owner.images.draftImages();
    // The smallest JPEG of each uploaded image, shown beside its field.
    const images: Record<string, string> = {};
    if (photo?.sources.jpeg[0]) images['hero.photo.id'] = photo.sources.jpeg[0].url;
    if (thumbnail?.sources.jpeg[0]) images['video.thumbnail'] = thumbnail.sources.jpeg[0].url;
    sendPage(
      res,
      status,
      pages.contentSection({
        // A refused save shows its refusal, not a notice another tab's save left.
        ...(stale ? { csrf: guard.signedIn(res).csrf } : guard.signedIn(res)),
        section,
        draft: draftState(owner, stored),
        content: typed ? typed.content : stored.content,
        stale: stale && { content: stale.content, savedAt: stale.savedAt, savedBy: stale.savedBy },
        images,
      }),
    );
  };

  router.get(INBOX_PATHS.content, guard.page, (_req, res) => overview(res));

  router.get(INBOX_PATHS.contentPreview, guard.page, (req, res) => {
    const draft = owner.content.draft();
    const check = validateContent(draft.content);
    // Framed by nobody, like every page (frame-ancestors 'none'); private and unindexed, like every inbox page.
    if (!check.ok) return overview(res, 422);
    const { revision } = owner.content.published();
    const asked = SITE_LANGUAGES.find((language) => language === req.query.language) ?? 'en';
    const note = (offered: readonly SiteLanguage[], shown: SiteLanguage): PreviewNote => ({
      text:
        `Preview of your draft (version ${draft.version}) in ${LANGUAGE_NAMES[shown]}. Visitors still see revision ${revision}.` +
        (shown === asked ? '' : ` ${LANGUAGE_NAMES[asked]} is not offered: the draft lacks some of its texts.`),
      links: [
        { href: INBOX_PATHS.content, label: 'Back to the editor' },
        { href: INBOX_PATHS.contentHistory, label: 'History' },
        ...offered
          .filter((language) => language !== shown)
          .map((language) => ({
            href: language === 'en' ? INBOX_PATHS.contentPreview : `${INBOX_PATHS.contentPreview}?language=${language}`,
            label: `In ${LANGUAGE_NAMES[language]}`,
          })),
      ],
    });
    sendPage(res, 200, page.preview(check.content, asked, note));
  });

  router.post(INBOX_PATHS.contentPublish, contentForm, guard.action, (req, res) => {
    if (versionOf(req.body) !== owner.content.draft().version) return answers.refuse(req, res, 409, CHANGED_ELSEWHERE);
    const outcome = owner.content.publish(actorOf(res));
    if (outcome.kind === 'invalid') return overview(res, 422, true);
    if (outcome.kind === 'unchanged') {
      guard.leaveNotice(
        res,
        `Your draft is what visitors already see (revision ${outcome.revision}); nothing was published.`,
      );
    } else {
      page.showLatest();
      guard.leaveNotice(
        res,
        `Published as revision ${outcome.revision} (${plural(outcome.changed.length, 'field')} changed): visitors see it now. ${offeredSentence(outcome)}`,
      );
    }
    res.redirect(303, INBOX_PATHS.content);
  });

  router.get(INBOX_PATHS.contentHistory, guard.page, (_req, res) => {
    const served = owner.content.published().revision;
    const revisions = owner.content.history().map((entry) => ({ ...entry, served: entry.revision === served }));
    sendPage(
      res,
      200,
      pages.contentHistory({ ...guard.signedIn(res), draftVersion: owner.content.draft().version, revisions }),
    );
  });

  router.post(`${INBOX_PATHS.contentHistory}/:revision/restore`, contentForm, guard.action, (req, res) => {
    const revision = /^\d{1,9}$/.test(String(req.params.revision)) ? Number(req.params.revision) : 0;
    const saved = owner.content.restore(actorOf(res), revision, versionOf(req.body));
    if (!saved) return answers.notFound(res);
    if (saved.kind === 'stale') return answers.refuse(req, res, 409, CHANGED_ELSEWHERE);
    guard.leaveNotice(
      res,
      `Revision ${revision} is in your draft (version ${saved.version}). Preview it, then publish it.`,
    );
    res.redirect(303, INBOX_PATHS.content);
  });

  router.get(`${INBOX_PATHS.content}/:section`, guard.page, (req, res) => {
    const section = editorSection(String(req.params.section));
    if (!section) return answers.notFound(res);
    sectionPage(res, section);
  });

  router.post(`${INBOX_PATHS.content}/:section`, contentForm, guard.action, (req, res) => {
    const section = editorSection(String(req.params.section));
    if (!section) return answers.notFound(res);
    const fields = req.body as FormFields;
    const op = typeof fields.op === 'string' && fields.op !== 'save' ? fields.op : undefined;
    const stored = owner.content.draft();
    const { content, focus } = readSectionForm(stored.content, section, fields, op);
    const saved = owner.content.saveDraft(actorOf(res), content, versionOf(fields));
    if (saved.kind === 'stale') return sectionPage(res, section, 409, { content, saved });
    const errors = saved.errors.length
      ? `; it has ${plural(saved.errors.length, 'error')} to fix before you publish`
      : '';
    guard.leaveNotice(res, `Draft saved (version ${saved.version})${errors}.`);
    const anchor = focus ? `#f-${focus.replaceAll('.', '-')}` : '';
    res.redirect(303, `${INBOX_PATHS.content}/${section.key}${anchor}`);
  });
  return router;
}
