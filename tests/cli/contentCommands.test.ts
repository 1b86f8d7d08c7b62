/**
 * The page's content from the shell (`leads content ...`), run as an operator runs it on a real
 * SQLite file: export then import gives back the same bytes; a file that fails the schema is
 * refused whole with each field's path and the draft unchanged; publish, history and restore; the
 * activity names the command line as where each change came from.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { stringify } from 'yaml';
import { shippedContent } from '../../src/content/defaults';
import { openServices } from '../../src/services/services';
import { runCli } from '../support/cli';
import { edited } from '../support/contentEdits';
import { testConfig } from '../support/site';
import { tempDir } from '../support/tempDirs';

/** A database as the server leaves it (revision 1 published), and a way to look into it. */
function database() {
  const dir = tempDir('content-cli-');
  const path = join(dir, 'leads.db');
  const open = <T>(read: (services: ReturnType<typeof openServices>) => T): T => {
    const services = openServices(testConfig({ DATABASE_PATH: path }), pino({ level: 'silent' }));
    try {
      return read(services);
    } finally {
      void services.close(0);
    }
  };
  open(() => undefined);
  return { dir, env: { DATABASE_PATH: path }, open };
}

describe('content commands', () => {
  it('export then import gives back the same bytes; import --publish publishes them', async () => {
    const { dir, env, open } = database();
    const exported = await runCli(['content', 'export'], env);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(exported.stdout, stringify(shippedContent, { lineWidth: 0 }));
    assert.match(exported.stdout, /^page:\n {2}title:\n {4}en: Go-to-Market & Growth Strategist for Tech Startups\n/);

    const file = join(dir, 'content.yaml');
    const changed = exported.stdout.replace('en: Go-to-Market & Growth Strategist', 'en: GTM & Growth Strategist');
    writeFileSync(file, changed);
    const imported = await runCli(['content', 'import', file], env);
    assert.equal(imported.code, 0, imported.stderr);
    assert.equal(imported.stdout, `Stored ${file} as the draft (version 1).\n`);
    const draft = await runCli(['content', 'export', '--draft'], env);
    assert.equal(draft.stdout, changed, 'byte for byte');
    assert.equal((await runCli(['content', 'export'], env)).stdout, exported.stdout, 'the page unchanged');

    const toFile = join(dir, 'again.yaml');
    const published = await runCli(['content', 'import', file, '--publish'], env);
    assert.equal(published.code, 0, published.stderr);
    assert.equal(
      published.stdout,
      `Stored ${file} as the draft (version 2).\nPublished revision 2 (1 field changed): the page shows it within seconds. Offered in English, Portuguese and Spanish.\n`,
    );
    const written = await runCli(['content', 'export', '--file', toFile], env);
    assert.equal(written.code, 0, written.stderr);
    assert.equal(written.stdout, '');
    assert.equal(readFileSync(toFile, 'utf8'), changed, 'the published export is the file, byte for byte');
    assert.equal(
      open((s) => s.content.published().content.page.title.en),
      'GTM & Growth Strategist for Tech Startups',
    );
  });

  it('publishes a file whose Spanish lacks a text, and says Spanish is not offered', async () => {
    const { dir, env } = database();
    const file = join(dir, 'content.yaml');
    writeFileSync(file, stringify(edited('contact.panelTitle', { en: 'Get in Touch', pt: 'Entre em contato' })));
    const published = await runCli(['content', 'import', file, '--publish'], env);
    assert.equal(published.code, 0, published.stderr);
    assert.equal(
      published.stdout,
      `Stored ${file} as the draft (version 1).\n` +
        'Published revision 2 (1 field changed): the page shows it within seconds. ' +
        'Offered in English and Portuguese; not offered in Spanish (1 text missing).\n',
    );
  });

  it('refuses a file that fails the schema, or is not YAML, whole: exit 1, each path, the draft unchanged', async () => {
    const { dir, env, open } = database();
    const file = join(dir, 'bad.yaml');
    const long = 'A title far longer than the forty characters a card holds';
    writeFileSync(file, stringify(edited('footer.year', 1900, edited('services.2.title.en', long))));
    const refused = await runCli(['content', 'import', file, '--publish'], env);
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, '');
    const [head, first, second, ...rest] = refused.stderr.split('\n');
    assert.equal(head, `${file} was refused; nothing was stored (2 errors):`);
    assert.equal(first, '  services.2.title.en: Service 3: the title is 57 characters; at most 40');
    assert.equal(second, '  footer.year: Footer: the year is 1900; it must be from 1990 to 2100');
    assert.deepEqual(rest, ['']);
    const notYaml = join(dir, 'not.yaml');
    writeFileSync(notYaml, 'page: [unclosed\n  title: {');
    const broken = await runCli(['content', 'import', notYaml], env);
    assert.equal(broken.code, 1);
    assert.match(
      broken.stderr,
      /^.*not\.yaml was refused; nothing was stored \(1 error\):\n {2}\(the file\): The file is not YAML: /,
    );
    const missing = await runCli(['content', 'import', join(dir, 'none.yaml')], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^Cannot read .*none\.yaml: ENOENT/);
    assert.deepEqual(
      open((s) => [s.content.draft().version, s.content.latestRevision(), s.owner.reads.activity(10).length]),
      [0, 1, 0],
      'nothing stored, nothing recorded',
    );
  });

  it('publish, history and restore, each in the activity as from the command line', async () => {
    const { env, open } = database();
    const nothing = await runCli(['content', 'publish'], env);
    assert.equal(nothing.code, 0, nothing.stderr);
    assert.equal(nothing.stdout, 'Nothing to publish: the draft is the published content (revision 1).\n');

    open((s) =>
      s.content.saveDraft(
        { via: 'inbox', device: 'Chrome on Android' },
        edited('services.0.title.en', 'Nope'.repeat(20)),
        0,
      ),
    );
    const invalid = await runCli(['content', 'publish'], env);
    assert.equal(invalid.code, 1);
    assert.equal(
      invalid.stderr,
      'The draft does not satisfy the schema; nothing was published (1 error):\n' +
        '  services.0.title.en: Service 1: the title is 80 characters; at most 40\n',
    );

    open((s) =>
      s.content.saveDraft(
        { via: 'inbox', device: 'Chrome on Android' },
        edited('services.0.title.en', 'Sales engines'),
        1,
      ),
    );
    const published = await runCli(['content', 'publish'], env);
    assert.equal(published.code, 0, published.stderr);
    assert.equal(
      published.stdout,
      'Published revision 2 (1 field changed): the page shows it within seconds. Offered in English, Portuguese and Spanish.\n',
    );

    const history = await runCli(['content', 'history'], env);
    assert.equal(history.code, 0, history.stderr);
    const lines = history.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0] ?? '', /^revision\s+published\s+by\s+changed$/);
    assert.match(lines[1] ?? '', /^2\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+command line\s+services\.0\.title\.en$/);
    assert.match(lines[2] ?? '', /^1\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC\s+the shipped content\s+-$/);

    const restored = await runCli(['content', 'restore', '1'], env);
    assert.equal(restored.code, 0, restored.stderr);
    assert.equal(restored.stdout, 'Revision 1 is the draft now (version 3); publish it with leads content publish.\n');
    assert.equal(
      (await runCli(['content', 'export', '--draft'], env)).stdout,
      stringify(shippedContent, { lineWidth: 0 }),
    );
    const unknown = await runCli(['content', 'restore', '9'], env);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr, 'There is no revision 9: see leads content history.\n');
    const again = await runCli(['content', 'publish'], env);
    assert.equal(
      again.stdout,
      'Published revision 3 (1 field changed): the page shows it within seconds. Offered in English, Portuguese and Spanish.\n',
    );

    const activity = open((s) => s.owner.reads.activity(10).map((a) => [a.action, a.detail, a.source]));
    assert.deepEqual(activity, [
      ['content-published', 'revision 3: 1 field changed', 'command line'],
      ['content-restored', 'revision 1 into the draft (version 3)', 'command line'],
      ['content-published', 'revision 2: 1 field changed', 'command line'],
      ['content-saved', 'draft version 2', 'inbox, Chrome on Android'],
      ['content-saved', 'draft version 1, 1 error', 'inbox, Chrome on Android'],
    ]);

    const bad = await runCli(['content', 'frobnicate'], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^Unknown content command "frobnicate": export, import, publish, history or restore\./);
  });
});
