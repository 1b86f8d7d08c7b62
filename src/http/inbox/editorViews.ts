/**
 * The content editor's views, filled in from the content actions: the draft's state (its errors,
 * how many fields it changes) and the published revision's, which every editor page shows.
 */
import { changedPaths } from '../../content/changes';
import { validateContent } from '../../content/schema';
import type { Draft } from '../../ownerActions/contentActions';
import type { DraftState, PublishedState } from '../../pages/inbox/contentViews';
import type { Owner } from '../../services/owner';

export function draftState(owner: Owner, draft: Draft = owner.content.draft()): DraftState {
  const check = validateContent(draft.content);
  return {
    version: draft.version,
    savedAt: draft.savedAt,
    savedBy: draft.savedBy,
    errors: check.ok ? [] : check.errors,
    changes: changedPaths(owner.content.published().content, draft.content).length,
  };
}

export function publishedState(owner: Owner): PublishedState {
  const { revision, skipped } = owner.content.published();
  const entry = owner.content.history().find((row) => row.revision === revision);
  return { revision, publishedAt: entry?.publishedAt ?? null, publishedBy: entry?.publishedBy ?? null, skipped };
}
