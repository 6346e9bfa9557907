import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DESCRIPTION_PATH } from '@toolforge/platform/http';
import { uniqueEmail } from '@toolforge/platform/testing';
import { API_REFERENCE_FILE, renderApiReference } from '../../scripts/api-docs.mjs';
import { openEmbeddedTestShop, type EmbeddedTestShop } from './test/embeddedTestShop.js';

/**
 * The repository's own documentation: the README and the pages of docs/ and bench-results/ link
 * only to files and headings that exist, code comments that link a heading of docs/ name one that
 * exists, the README's folder table lists the repository's folders, and docs/api.md is what
 * scripts/api-docs.mjs makes of the shop's /openapi.json now.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every file git tracks, from the repository root. */
const trackedFiles = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

const markdownPages = [
  'README.md',
  ...['docs', 'bench-results'].flatMap((folder) =>
    existsSync(join(root, folder))
      ? readdirSync(join(root, folder))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `${folder}/${name}`)
      : [],
  ),
];

/** A page's text without its fenced code blocks (a link or a heading inside one is not one). */
function outsideCode(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(page: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of outsideCode(readFileSync(join(root, page), 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What a link to `target` from `page` misses: its file, or its heading; null when it resolves. */
function missing(page: string, target: string): string | null {
  const [path = '', anchor] = target.split('#', 2);
  const file = path === '' ? page : relative(root, join(root, dirname(page), decodeURIComponent(path)));
  if (file.startsWith('..') || !existsSync(join(root, file))) return `no file ${file}`;
  if (anchor === undefined || anchor === '') return null;
  if (!file.endsWith('.md')) return `a heading of ${file}, which is no Markdown page`;
  return headingAnchors(file).has(anchor.toLowerCase()) ? null : `no heading #${anchor} in ${file}`;
}

describe("the repository's documentation", () => {
  it('is a README of at most 200 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of markdownPages) {
      const text = outsideCode(readFileSync(join(root, page), 'utf8'))
        .join('\n')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        if (/^[a-z][a-z+.-]*:/i.test(target!)) continue;
        const miss = missing(page, target!);
        if (miss) broken.push(`${page}: (${target}) ${miss}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only files and folders of the repository that exist', () => {
    // A path in backticks (`platform/src/sql/migrations.ts`) is how a page points at code; moving
    // the code must move the page's words too. Build output and fetched jars are not tracked.
    const workspaces = trackedFiles.filter((file) => file.endsWith('/package.json') && !file.includes('/', file.indexOf('/') + 1));
    const tops = [...new Set([...workspaces.map((file) => file.split('/')[0]!), 'scripts', 'infra'])].join('|');
    const named = new RegExp(`\`((?:${tops})/[\\w./-]+)\``, 'g');
    const missingPaths: string[] = [];
    for (const page of markdownPages) {
      for (const [, path] of readFileSync(join(root, page), 'utf8').matchAll(named)) {
        const file = path!.replace(/[/.]+$/, '');
        if (/\/dist(\/|$)|^infra\/kafka\/lib/.test(file)) continue;
        if (!existsSync(join(root, file))) missingPaths.push(`${page}: ${path}`);
      }
    }
    expect(missingPaths).toEqual([]);
  });

  it('is cited by heading in the code, and every heading cited exists', () => {
    const broken: string[] = [];
    const sources = trackedFiles.filter((file) => !file.endsWith('.md') && !file.startsWith('web/public/') && file !== 'package-lock.json');
    for (const file of sources) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [citation, page, anchor] of text.matchAll(/\b((?:docs|bench-results)\/[\w.-]+\.md)#([\w-]+)/g)) {
        const miss = missing(page!, `#${anchor}`);
        if (miss) broken.push(`${file}: ${citation} ${miss}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("lists every top-level folder of the repository in the README's folder table, and no other", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
    const header = readme.findIndex((line) => /^\|\s*folder\s*\|/.test(line));
    expect(header).toBeGreaterThanOrEqual(0);
    const rows = readme.slice(header + 2);
    const table = rows.slice(0, rows.findIndex((line) => !line.startsWith('|')) >>> 0);
    const listed = table.map((row) => /^\|\s*`([^`/]+)\/?`/.exec(row)?.[1]).filter((folder) => folder !== undefined);
    // As `ls` shows a clean clone: the folders git tracks a file in, dot-folders left out.
    const folders = [...new Set(trackedFiles.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!))].filter(
      (folder) => !folder.startsWith('.'),
    );
    expect(listed.sort()).toEqual(folders.sort());
  });
});

describe(`${API_REFERENCE_FILE}, the API reference`, () => {
  let shop: EmbeddedTestShop;
  beforeAll(async () => {
    shop = await openEmbeddedTestShop({ adminEmails: [uniqueEmail('api-docs-admin')] });
  });
  afterAll(() => shop.close());

  it("is what scripts/api-docs.mjs makes of the shop's /openapi.json now (run `npx tsc -b && node scripts/api-docs.mjs` when not)", async () => {
    const response = await shop.app.inject({ method: 'GET', url: API_DESCRIPTION_PATH });
    expect(response.statusCode).toBe(200);
    const page = renderApiReference(response.json<object>());
    expect(readFileSync(join(root, API_REFERENCE_FILE), 'utf8')).toBe(page);
  });
});
