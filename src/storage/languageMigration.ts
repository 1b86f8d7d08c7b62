/**
 * Version 15, apart from the list in migrations.ts for its length: the site speaks English, Brazilian Portuguese
 * and Spanish, and the owner answers each lead in the language of the page it came from.
 * - leads.language: the language tag of the form's page ('en', 'pt-BR', 'es'). Every lead stored before came
 *   from the English page. No CHECK: a language added later must not need the table rebuilt.
 * - page_views counts per day, source and language, the key of the counts; the views stored before were of
 *   the English page. SQLite cannot change a primary key, so the table is rebuilt and every count copied.
 */
export const LEAD_LANGUAGE = `
  ALTER TABLE leads ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
  CREATE TABLE page_views_by_language (
    day TEXT NOT NULL,
    source TEXT NOT NULL,
    language TEXT NOT NULL DEFAULT 'en',
    views INTEGER NOT NULL,
    PRIMARY KEY (day, source, language)
  ) STRICT;
  INSERT INTO page_views_by_language (day, source, language, views) SELECT day, source, 'en', views FROM page_views;
  DROP TABLE page_views;
  ALTER TABLE page_views_by_language RENAME TO page_views;
`;
