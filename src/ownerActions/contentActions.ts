/**
 * What the owner does to his page's words, once for the inbox and the CLI alike: read the published
 * content, keep a draft (saved even when it fails the schema: nothing typed is lost; refused when
 * based on an older version than the stored one: nothing is silently overwritten), publish it as a
 * new revision with the fields it changed, list the revisions, restore one into the draft, and
 * export or import the content as YAML. Each change writes its line of activity.
 */
import { parse, stringify } from 'yaml';
import { changedPaths } from '../content/changes';
import { shippedContent } from '../content/defaults';
import { plural } from '../content/fields';
import { createRevisionsTable, type RevisionRow } from '../content/revisionsTable';
import { type Content, type ContentError, validateContent } from '../content/schema';
import type { Logger } from '../lib/logger';
import { iso } from '../lib/time';
import type { Db } from '../storage/database';
import { type Activity, type Actor, actorSource } from './activity';
import { type Offered, offeredIn } from './contentLanguages';

export const SHIPPED_BY = 'the shipped content';

export interface Published {
  /** The revision's number; 0 only when no revision satisfies the schema (the shipped content is served). */
  revision: number;
  content: Content;
  /** When it was published (null for the shipped content served without a revision): the sitemap's lastmod. */
  publishedAt: string | null;
  /** Newer revisions that do not satisfy this release's schema, newest first, each with its problems. */
  skipped: { revision: number; errors: ContentError[] }[];
}

export interface Draft {
  /** Counts the saves; 0: nothing saved yet, the draft is the published content. */
  version: number;
  /** What was typed: it may fail the schema. */
  content: unknown;
  /** When it was saved, and by whom (as the activity names him); null for version 0. */
  savedAt: string | null;
  savedBy: string | null;
}

export type Saved = { kind: 'saved'; version: number; errors: ContentError[] } | { kind: 'stale'; stored: Draft };

/** A publish: the revision, the fields it changed, and the languages it is offered in (offeredSentence says them). */
export type PublishOutcome =
  | ({ kind: 'published'; revision: number; changed: string[] } & Offered)
  | { kind: 'unchanged'; revision: number }
  | { kind: 'invalid'; errors: ContentError[] };

export interface HistoryEntry {
  revision: number;
  publishedAt: string;
  publishedBy: string;
  changed: string[];
}

export type Imported =
  | { kind: 'imported'; version: number; published?: PublishOutcome }
  | { kind: 'invalid'; errors: ContentError[] };

export interface ContentActionsDeps {
  db: Db;
  activity: Activity;
  logger: Logger;
  now: () => number;
}

/** The YAML the CLI writes: one line per text however long (a diff in git shows the field that changed). */
const toYaml = (content: unknown) => stringify(content, { lineWidth: 0 });

export function createContentActions({ db, activity, logger, now }: ContentActionsDeps) {
  const table = createRevisionsTable(db);
  // The newest revision's content, kept until another is published: reading it is a query, the schema's check is not.
  let cached: { newest: number; published: Published } | undefined;

  function readPublished(newest: number): Published {
    const skipped: Published['skipped'] = [];
    for (const row of table.newestFirst()) {
      const check = validateContent(JSON.parse(row.body));
      if (check.ok) return { revision: row.id, content: check.content, publishedAt: row.published_at, skipped };
      skipped.push({ revision: row.id, errors: check.errors });
      logger.error(
        { revision: row.id, errors: check.errors.slice(0, 10) },
        `content revision ${row.id} does not satisfy the schema; the revision before it is served`,
      );
    }
    if (newest > 0) logger.error('no content revision satisfies the schema; the shipped content is served');
    return { revision: 0, content: shippedContent, publishedAt: null, skipped };
  }

  function published(): Published {
    const newest = table.latestId();
    if (cached?.newest !== newest) cached = { newest, published: readPublished(newest) };
    return cached.published;
  }

  function draft(): Draft {
    const row = table.draft();
    if (!row) return { version: 0, content: published().content, savedAt: null, savedBy: null };
    return { version: row.version, content: JSON.parse(row.body), savedAt: row.saved_at, savedBy: row.saved_by };
  }

  const errorsOf = (content: unknown) => {
    const check = validateContent(content);
    return check.ok ? [] : check.errors;
  };

  /** Stores the draft when based on the stored version; in the caller's transaction. */
  function store(actor: Actor, content: unknown, basedOn: number): Saved {
    const stored = draft();
    if (basedOn !== stored.version) return { kind: 'stale', stored };
    const version = stored.version + 1;
    table.saveDraft({ version, saved_at: iso(now()), saved_by: actorSource(actor), body: JSON.stringify(content) });
    return { kind: 'saved', version, errors: errorsOf(content) };
  }

  const saveDraft = db.transaction((actor: Actor, content: unknown, basedOn: number): Saved => {
    const saved = store(actor, content, basedOn);
    if (saved.kind === 'saved')
      activity.record(
        actor,
        'content-saved',
        `draft version ${saved.version}${saved.errors.length ? `, ${plural(saved.errors.length, 'error')}` : ''}`,
      );
    return saved;
  });

  const publish = db.transaction((actor: Actor): PublishOutcome => {
    const check = validateContent(draft().content);
    if (!check.ok) return { kind: 'invalid', errors: check.errors };
    const newest = table.latestId();
    const stored = newest > 0 ? (JSON.parse((table.get(newest) as RevisionRow).body) as unknown) : undefined;
    // Read through the schema, so a field added since (with its default) is no change.
    const read = validateContent(stored);
    const previous = read.ok ? read.content : stored;
    const changed = previous === undefined ? [] : changedPaths(previous, check.content);
    if (previous !== undefined && changed.length === 0) return { kind: 'unchanged', revision: newest };
    const revision = table.add({
      published_at: iso(now()),
      published_by: actorSource(actor),
      body: JSON.stringify(check.content),
      changed: JSON.stringify(changed),
    });
    activity.record(actor, 'content-published', `revision ${revision}: ${plural(changed.length, 'field')} changed`);
    return { kind: 'published', revision, changed, ...offeredIn(check.content) };
  });

  const restore = db.transaction((actor: Actor, revision: number, basedOn?: number): Saved | undefined => {
    const row = table.get(revision);
    if (!row) return undefined;
    const saved = store(actor, JSON.parse(row.body), basedOn ?? draft().version);
    if (saved.kind === 'saved')
      activity.record(actor, 'content-restored', `revision ${revision} into the draft (version ${saved.version})`);
    return saved;
  });

  const importContent = db.transaction((actor: Actor, content: Content, publishIt: boolean): Imported => {
    const saved = store(actor, content, draft().version) as Extract<Saved, { kind: 'saved' }>;
    activity.record(actor, 'content-imported', `draft version ${saved.version}`);
    return { kind: 'imported', version: saved.version, published: publishIt ? publish(actor) : undefined };
  });

  return {
    /** The newest published revision that satisfies the schema (an invalid newer one is logged at error and skipped). */
    published,
    /** The newest revision's number, whether or not it satisfies the schema; 0 when none. One indexed query. */
    latestRevision: (): number => table.latestId(),
    /** Publishes the shipped content as revision 1 on a database without any; true when it did. */
    ensurePublished(): boolean {
      if (table.latestId() > 0) return false;
      return table.addFirst({
        published_at: iso(now()),
        published_by: SHIPPED_BY,
        body: JSON.stringify(shippedContent),
        changed: '[]',
      });
    },
    /** The stored draft, or the published content as version 0 when none was saved. */
    draft,
    /** Stores what was typed, valid or not, unless it is based on an older version than the stored one. */
    saveDraft: (actor: Actor, content: unknown, basedOn: number): Saved => saveDraft.immediate(actor, content, basedOn),
    /** Makes the draft the published content, as a new revision; the draft stays as it is. */
    publish: (actor: Actor): PublishOutcome => publish.immediate(actor),
    /** Every revision, newest first. */
    history: (): HistoryEntry[] =>
      table.history().map((row) => ({
        revision: row.id,
        publishedAt: row.published_at,
        publishedBy: row.published_by,
        changed: JSON.parse(row.changed) as string[],
      })),
    /**
     * Copies a revision into the draft, as a save based on `basedOn` (default: the stored version, as the CLI does);
     * undefined: no such revision.
     */
    restore: (actor: Actor, revision: number, basedOn?: number): Saved | undefined =>
      restore.immediate(actor, revision, basedOn),
    /** The published content (or the draft) as YAML. */
    exportYaml: ({ draft: ofDraft = false }: { draft?: boolean } = {}): string =>
      toYaml(ofDraft ? draft().content : published().content),
    /**
     * YAML content as the draft (and published, with `publish`), once it satisfies the schema;
     * otherwise refused whole, each error with its path, and nothing stored.
     */
    importYaml(actor: Actor, text: string, { publish: publishIt = false }: { publish?: boolean } = {}): Imported {
      let value: unknown;
      try {
        value = parse(text);
      } catch (err) {
        const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
        return { kind: 'invalid', errors: [{ path: '', message: `The file is not YAML: ${message}` }] };
      }
      const check = validateContent(value);
      if (!check.ok) return { kind: 'invalid', errors: check.errors };
      return importContent.immediate(actor, check.content, publishIt);
    },
  };
}

export type ContentActions = ReturnType<typeof createContentActions>;
