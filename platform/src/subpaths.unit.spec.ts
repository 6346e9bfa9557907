import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * platform is split by what a process needs (package.json's exports): a process loads an adapter
 * only by importing its subpath. These checks keep it so: the core and each subpath load only the
 * adapters listed here, every package imports exactly the subpaths its entry below lists, and the
 * test kit (/testing) is imported by tests, harnesses and the bench only.
 */
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));

/** The packages an adapter brings; each is watched below as it is loaded. */
const ADAPTERS = [
  'kafkajs',
  'pg',
  'redis',
  '@electric-sql/pglite',
  'firebase-admin/app',
  'firebase-admin/auth',
  'fastify',
  'stripe',
] as const;
type Adapter = (typeof ADAPTERS)[number];

/** What each entry of platform may load: the core none. */
const LOADS: Record<string, readonly Adapter[]> = {
  '.': [],
  anchors: [],
  privacy: [],
  sql: [],
  cache: [],
  operatorSocket: [],
  http: ['fastify'],
  identity: ['firebase-admin/app', 'firebase-admin/auth'],
  payments: ['stripe'],
  kafka: ['kafkajs'],
  pglite: ['@electric-sql/pglite'],
  postgres: ['pg'],
  redis: ['redis'],
  openEventLog: ['kafkajs', '@electric-sql/pglite', 'fastify'],
};

/** The platform entries each workspace's production sources import ('.' is the core). */
const IMPORTS: Record<string, readonly string[]> = {
  contracts: [],
  documents: [],
  platform: [],
  'command-service': [
    '.',
    'anchors',
    'http',
    'identity',
    'openEventLog',
    'operatorSocket',
    'payments',
    'pglite',
    'postgres',
    'privacy',
    'sql',
  ],
  'query-service': ['.', 'cache', 'http', 'identity', 'kafka', 'postgres', 'privacy', 'redis', 'sql'],
  projector: [
    '.',
    'anchors',
    'cache',
    'http',
    'identity',
    'kafka',
    'operatorSocket',
    'payments',
    'pglite',
    'postgres',
    'privacy',
    'redis',
    'sql',
  ],
  embedded: ['.', 'anchors', 'cache', 'http', 'identity', 'operatorSocket', 'pglite', 'privacy', 'sql'],
  'read-model': ['.', 'cache', 'http', 'identity', 'sql'],
  web: [],
};

const loaded = new Set<Adapter>();

/** Test code: specs, suites, harnesses (src/test, src/testing), the bench and the browser test. */
function isDevOnly(file: string): boolean {
  return /\.(spec|suite)\.tsx?$/.test(file) || /\/src\/(test|testing|bench)\//.test(file) || file.startsWith('web/e2e/');
}

function sourcesOf(workspace: string): string[] {
  const files: string[] = [];
  for (const folder of ['src', 'e2e']) {
    let entries: string[];
    try {
      entries = readdirSync(join(REPOSITORY, workspace, folder), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) if (/\.(ts|tsx|mts)$/.test(entry)) files.push(`${workspace}/${folder}/${entry}`);
  }
  return files;
}

/** The platform entries a file imports: '.' for the core, else the subpath's name. */
function platformImports(file: string): string[] {
  const text = readFileSync(join(REPOSITORY, file), 'utf8');
  const found = text.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)'@toolforge\/platform(?:\/([A-Za-z-]+))?'/g);
  return [...found].map((match) => match[1] ?? '.');
}

const workspaces = (JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;

describe('platform loads only the adapters a process imports', () => {
  // Each entry is imported afresh, with every adapter mocked by itself as it is loaded.
  beforeEach(() => {
    vi.resetModules();
    loaded.clear();
    for (const adapter of ADAPTERS) vi.doMock(adapter, async (original) => (loaded.add(adapter), await original()));
  });

  it('lists every subpath of package.json and nothing else', () => {
    const manifest = JSON.parse(readFileSync(join(REPOSITORY, 'platform/package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const entries = Object.keys(manifest.exports).map((key) => (key === '.' ? '.' : key.slice(2)));
    expect(entries.filter((entry) => entry !== 'testing').sort()).toEqual(Object.keys(LOADS).sort());
  });

  for (const [entry, adapters] of Object.entries(LOADS)) {
    it(`${entry === '.' ? 'the core' : `/${entry}`} loads ${adapters.length > 0 ? adapters.join(', ') : 'no adapter'}`, async () => {
      await import(entry === '.' ? './index.js' : `./${entry}/index.js`);
      expect([...loaded].sort()).toEqual([...adapters].sort());
    });
  }
});

describe('each package imports the platform entries it lists', () => {
  it('has an entry for every workspace', () => {
    expect(workspaces.filter((workspace) => !(workspace in IMPORTS))).toEqual([]);
  });

  for (const workspace of workspaces) {
    it(`${workspace} imports ${IMPORTS[workspace]?.join(', ') || 'nothing of platform'} in its production sources`, () => {
      const used = new Set(
        sourcesOf(workspace)
          .filter((file) => !isDevOnly(file))
          .flatMap(platformImports),
      );
      expect([...used].sort()).toEqual([...(IMPORTS[workspace] ?? [])].sort());
    });
  }

  it('imports the test kit (/testing) from test code only', () => {
    const production = workspaces.flatMap(sourcesOf).filter((file) => !isDevOnly(file));
    const platformSources = sourcesOf('platform').filter((file) => !isDevOnly(file));
    const offenders = [
      ...production.filter((file) => platformImports(file).includes('testing')),
      ...platformSources.filter((file) => /from\s*'(\.\.?\/)+(testing|test)\//.test(readFileSync(join(REPOSITORY, file), 'utf8'))),
    ];
    expect(offenders.map((file) => relative('.', file))).toEqual([]);
  });
});
