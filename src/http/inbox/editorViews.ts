/**
 * The content editor's views, filled in from the content actions: the draft's state (its errors,
 * how many fields it changes, the texts each language lacks) and the published revision's (the
 * languages visitors get), which every editor page shows.
 */
import { changedPaths } from '../../content/changes';
import { missingTexts } from '../../content/completeness';
import { textName } from '../../content/editor';
import { type Language, languageNames, languages } from '../../content/fields';
import { type Content, validateContent } from '../../content/schema';
import { pagePath } from '../../contract/languages';
import type { Draft } from '../../ownerActions/contentActions';
import { offeredIn, offeredSentence } from '../../ownerActions/contentLanguages';
import type { DraftLanguage, DraftState, PublishedState } from '../../pages/inbox/contentViews';
import type { Owner } from '../../services/owner';

// A draft may fail the schema; missingTexts only walks it (it reads no field by name), so any shape is safe.
const draftLanguages = (content: unknown): DraftLanguage[] =>
  languages
    .filter((language): language is Exclude<Language, 'en'> => language !== 'en')
    .map((language) => ({
      language,
      name: languageNames[language],
      page: pagePath(language),
      missing: missingTexts(content as Content, language).map((path) => ({ path, name: textName(path) })),
    }));

export function draftState(owner: Owner, draft: Draft = owner.content.draft()): DraftState {
  const check = validateContent(draft.content);
  return {
    version: draft.version,
    savedAt: draft.savedAt,
    savedBy: draft.savedBy,
    errors: check.ok ? [] : check.errors,
    changes: changedPaths(owner.content.published().content, draft.content).length,
    languages: draftLanguages(draft.content),
  };
}

export function publishedState(owner: Owner): PublishedState {
  const { revision, skipped, content } = owner.content.published();
  const entry = owner.content.history().find((row) => row.revision === revision);
  return {
    revision,
    publishedAt: entry?.publishedAt ?? null,
    publishedBy: entry?.publishedBy ?? null,
    skipped,
    offered: offeredSentence(offeredIn(content)),
  };
}
