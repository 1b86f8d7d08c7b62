/**
 * The layout shows the architecture, and this keeps it so: imports run one
 * way (entry points -> http -> pages, leads -> alerts -> storage -> the
 * contract, content and configuration), nothing imports in a circle, and no
 * source file grows past what a newcomer reads at once.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { projectRoot } from '../../src/lib/paths';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = [...sourceFiles(join(projectRoot, 'src')), ...sourceFiles(join(projectRoot, 'client'))];
const rel = (path: string) => relative(projectRoot, path).replaceAll('\\', '/');

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // a package
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => files.includes(p));
  assert.ok(found, `${rel(from)} imports ${specifier}, which is not a source file`);
  return found;
}

/** Every project file each source file imports (static and dynamic imports, re-exports). */
const graph = new Map<string, string[]>(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'([^']+)'/gm)].map(
      (m) => m[1] as string,
    );
    return [
      rel(file),
      specifiers
        .map((s) => resolveImport(file, s))
        .filter((p): p is string => p !== undefined)
        .map(rel),
    ];
  }),
);

/**
 * Which files a file may import, besides its own folder's: the layers below it. Data flows one way:
 * entry points -> http and cli -> the owner's actions -> leads -> alerts, sources -> storage, and
 * every layer may use the leaves (the contracts, the content, the configuration, lib).
 */
const below = (...folders: string[]) => new RegExp(`^(${folders.map((f) => f.replace('.', '\\.')).join('|')})`);
const LEAVES = ['src/lib/', 'src/contract/', 'src/content/', 'src/strings/', 'src/config/', 'src/config.ts'];
const allowed: [string, RegExp][] = [
  ['src/server.ts', below('src/site.ts', 'src/listen.ts', ...LEAVES)],
  ['src/listen.ts', below('src/site.ts', ...LEAVES)],
  ['src/cli.ts', below('src/cli/', 'src/services/', ...LEAVES)],
  ['src/site.ts', below('src/http/', 'src/pages/', 'src/services/', ...LEAVES)],
  [
    'src/cli/',
    below(
      'src/services/',
      'src/ownerActions/',
      'src/leads/',
      'src/booking/',
      'src/alerts/',
      'src/sources/',
      'src/storage/',
      ...LEAVES,
    ),
  ],
  [
    'src/http/',
    below(
      'src/services/',
      'src/ownerActions/',
      'src/ownerAuth/',
      'src/leads/',
      'src/booking/',
      'src/sources/',
      'src/pages/',
      ...LEAVES,
    ),
  ],
  [
    'src/services/',
    below(
      'src/ownerActions/',
      'src/ownerAuth/',
      'src/leads/',
      'src/booking/',
      'src/alerts/',
      'src/sources/',
      'src/storage/',
      ...LEAVES,
    ),
  ],
  [
    'src/ownerActions/',
    below(
      'src/ownerAuth/',
      'src/leads/',
      'src/booking/',
      'src/alerts/',
      'src/sources/',
      'src/images/',
      'src/storage/',
      ...LEAVES,
    ),
  ],
  ['src/ownerAuth/', below('src/alerts/', 'src/storage/', ...LEAVES)],
  ['src/leads/', below('src/alerts/', 'src/sources/', 'src/storage/', ...LEAVES)],
  // Booking sits beside the leads: it reads his calendar, holds times, and queues the invites.
  ['src/booking/', below('src/alerts/', 'src/storage/', ...LEAVES)],
  ['src/sources/', below('src/storage/', ...LEAVES)],
  ['src/alerts/', below('src/storage/', ...LEAVES)],
  ['src/storage/', below(...LEAVES)],
  ['src/images/', below('src/lib/', 'src/contract/')],
  ['src/pages/', below('src/content/', 'src/contract/', 'src/strings/')],
  ['client/', below('src/pages/', 'src/content/', 'src/contract/', 'src/strings/')],
  ['src/config.ts', below('src/config/', 'src/content/', 'src/contract/', 'src/lib/')],
  ['src/config/', below('src/content/', 'src/contract/', 'src/lib/')],
  ['src/content/', /^$/],
  ['src/contract/', /^$/],
  // The product's words: one file per language, naming the languages of the contract.
  ['src/strings/', below('src/contract/')],
  ['src/lib/', /^$/],
];

describe('source layout', () => {
  it('finds the source files it checks', () => {
    for (const file of [
      'src/server.ts',
      'src/contract/lead.ts',
      'src/http/staticPages.ts',
      'src/leads/leadService.ts',
      'src/alerts/alertQueue.ts',
      'client/lead-form.tsx',
    ]) {
      assert.ok(graph.has(file), `${file} is read`);
    }
    assert.ok((graph.get('src/server.ts') ?? []).includes('src/site.ts'), 'imports are resolved');
  });

  it('imports run one way: no layer imports a layer above it', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const rule = allowed.find(([prefix]) => file.startsWith(prefix));
      if (!rule) continue;
      const own = rule[0].endsWith('/') ? rule[0] : file;
      for (const target of imports)
        if (!target.startsWith(own) && !rule[1].test(target)) wrong.push(`${file} -> ${target}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('nothing imports in a circle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting')
        return void cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    assert.deepEqual(cycles, []);
  });

  it('one assembly: only src/site.ts puts the fixed pages in front of the app, for the server and every test', () => {
    const roots = ['src', 'client', 'tests', 'bench', 'scripts'].map((d) => join(projectRoot, d));
    const everyFile = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? everyFile(path) : /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
      });
    const writers = roots
      .flatMap(everyFile)
      .filter(
        (f) =>
          /\.serve\(req, res\) \|\|/.test(readFileSync(f, 'utf8')) ||
          /(?<!function )createHttpLayer\(/.test(readFileSync(f, 'utf8')),
      )
      .map(rel);
    assert.deepEqual(writers, ['src/site.ts']);
  });

  it("each of the owner's actions is written once, in src/ownerActions, which alone writes his activity", () => {
    // The calls that change what the owner sees (a requeue, a release, an erasure, a mark, a line of
    // activity): outside the module of his actions, only their definitions may name them.
    const actions = /\.(requeueFailed|requeueOne|releaseLead|record)\(|\b(eraseByEmail|personalData)\(|marking\.mark\(/;
    const callers = files
      .filter((f) => !rel(f).startsWith('src/ownerActions/'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .filter((line) => actions.test(line) && !/^\s*(\*|\/\/)/.test(line))
          .map((line) => `${rel(f)}: ${line.trim()}`),
      )
      .filter((line) => !/(export function|releaseLead: \(id\)|receipts\.record\(|requeue\w*\.run\()/.test(line));
    assert.deepEqual(callers, []);
  });

  it('the HTTP layer calls the actions and the services, never a table, the queue or the database', () => {
    // A row's type may be named (the pages show rows); nothing that runs SQL may be imported.
    const reaching = files
      .filter((f) => rel(f).startsWith('src/http/'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)]
          .map((m) => resolveImport(f, m[1] as string))
          .filter((target): target is string => target !== undefined)
          .map(rel)
          .filter((target) => /Table\.ts$|^src\/(alerts|storage)\//.test(target))
          .map((target) => `${rel(f)} -> ${target}`),
      );
    assert.deepEqual(reaching, []);
  });

  it('a test lives where a newcomer looks: tests/X/ for src/X/, or a folder of its cross-cutting kind', () => {
    const KINDS = ['browser', 'security', 'faults', 'performance', 'container', 'structure', 'support'];
    const folders = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? [path, ...folders(path)] : [];
      });
    const stray = folders(join(projectRoot, 'tests'))
      .map((dir) => relative(join(projectRoot, 'tests'), dir).replaceAll('\\', '/'))
      .filter((dir) => !KINDS.includes(dir.split('/')[0] as string))
      .filter((dir) => !statSync(join(projectRoot, 'src', dir), { throwIfNoEntry: false })?.isDirectory());
    assert.deepEqual(stray, [], 'every other folder of tests/ mirrors one of src/');
  });

  it('no source file is over 250 lines', () => {
    const long = files
      .filter((f) => f.endsWith('.ts') || f.endsWith('.tsx'))
      .map((f) => [rel(f), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 250);
    assert.deepEqual(long, []);
  });
});
