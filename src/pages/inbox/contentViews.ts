/**
 * What the content editor's pages show, as plain data: the HTTP layer fills these in from the
 * content actions; the pages only render them.
 */
import type { EditorSection } from '../../content/editor';
import type { Language } from '../../content/fields';
import type { ContentError } from '../../content/schema';
import type { SignedIn } from './views';

export interface DraftState {
  /** 0: nothing saved; the draft is the published content. */
  version: number;
  savedAt: string | null;
  savedBy: string | null;
  /** Every problem of the whole draft, with its field's path. */
  errors: ContentError[];
  /** How many fields the draft changes on the published page. */
  changes: number;
  /** Each language but English: the texts it lacks in the draft (none: its page would be offered). */
  languages: DraftLanguage[];
}

export interface DraftLanguage {
  language: Exclude<Language, 'en'>;
  /** "Portuguese". */
  name: string;
  /** Where visitors get it: `/pt/`. */
  page: string;
  /** Each text without it: its path (`services.2.title`) and its name ("Service 3: the title"). */
  missing: { path: string; name: string }[];
}

export interface PublishedState {
  revision: number;
  publishedAt: string | null;
  publishedBy: string | null;
  /** Newer revisions this release cannot serve, with their problems. */
  skipped: { revision: number; errors: ContentError[] }[];
  /** The languages visitors get now, as the publish notice says them ("Offered in English and Portuguese; …"). */
  offered: string;
}

export interface ContentOverviewView extends SignedIn {
  draft: DraftState;
  published: PublishedState;
  /** The publish just refused: the draft has errors. */
  publishRefused?: boolean;
}

export interface ContentSectionView extends SignedIn {
  section: EditorSection;
  draft: DraftState;
  /** What the form shows: the stored draft, or what was typed when the save was refused. */
  content: unknown;
  /** A save refused because the draft was saved elsewhere since: the stored text, shown beside what was typed. */
  stale?: { content: unknown; savedAt: string | null; savedBy: string | null };
  /** The small image of the draft's photo (or thumbnail), by field path, when one is uploaded. */
  images?: Record<string, string>;
}

export interface ContentHistoryView extends SignedIn {
  draftVersion: number;
  revisions: { revision: number; publishedAt: string; publishedBy: string; changed: string[]; served: boolean }[];
}
