/**
 * Issue 34 row 1: no input can make one of the shop's patterns backtrack badly. recheck (a ReDoS
 * checker) proves each pattern's matching time linear from the pattern itself, without running it
 * on a clock: every regular expression written in the code that parses requests, and every one the
 * contracts' schemas and exports hold (those built at run time, such as the password's).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contracts from '../index.js';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/** Where requests are read: the schemas, the HTTP layer, both services and the embedded host (not its bench). */
const SOURCE_DIRS = ['contracts/src', 'platform/src/http', 'command-service/src', 'query-service/src', 'embedded/src'];
const TEST_ONLY = /\.(spec|suite)\.ts$|\/(test|testing|bench)\//;

interface Pattern {
  readonly source: string;
  readonly flags: string;
  readonly where: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPOSITORY, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\.tsx?$/.test(file) && !TEST_ONLY.test(file));
}

/** The regular expression literals of one file, and whether it builds patterns at run time (new RegExp). */
function patternsIn(file: string): { literals: Pattern[]; buildsPatterns: boolean } {
  const source = ts.createSourceFile(file, readFileSync(join(REPOSITORY, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const literals: Pattern[] = [];
  let buildsPatterns = false;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      literals.push({ source: node.text.slice(1, end), flags: node.text.slice(end + 1), where: `${file}:${line}` });
    }
    if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') buildsPatterns = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, buildsPatterns };
}

/** Every pattern a zod schema's checks hold, through its objects, pipes, unions and wrappers. */
function schemaPatterns(node: unknown, where: string, seen = new Set<unknown>()): Pattern[] {
  if (typeof node !== 'object' || node === null || seen.has(node)) return [];
  seen.add(node);
  if (Array.isArray(node)) return node.flatMap((item) => schemaPatterns(item, where, seen));
  const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  const own = def.pattern instanceof RegExp ? [{ source: def.pattern.source, flags: def.pattern.flags, where }] : [];
  const nested = Object.values(def).flatMap((value) =>
    // An object's shape is a plain record of schemas.
    value && typeof value === 'object' && !('_zod' in value) && !Array.isArray(value)
      ? Object.values(value).flatMap((field) => schemaPatterns(field, where, seen))
      : schemaPatterns(value, where, seen),
  );
  return [...own, ...nested];
}

const scanned = SOURCE_DIRS.flatMap(sourceFiles).map((file) => ({ file, ...patternsIn(file) }));
const exported = Object.entries(contracts).flatMap(([name, value]): Pattern[] =>
  value instanceof RegExp
    ? [{ source: value.source, flags: value.flags, where: `contracts' ${name}` }]
    : schemaPatterns(value, `contracts' ${name}`),
);
/** Each pattern once, named by the first place that holds it. */
const patterns = [...scanned.flatMap((file) => file.literals), ...exported].filter(
  (pattern, index, all) => all.findIndex((other) => other.source === pattern.source && other.flags === pattern.flags) === index,
);

/** recheck's automaton checker: a proof from the pattern's automaton (no fuzzing, no clock). */
async function complexityOf(pattern: Pick<Pattern, 'source' | 'flags'>) {
  const diagnostics = await check(pattern.source, pattern.flags, { checker: 'automaton' });
  return {
    status: diagnostics.status,
    complexity: diagnostics.status === 'unknown' ? diagnostics.error.kind : diagnostics.complexity.type,
    attack: diagnostics.status === 'vulnerable' ? diagnostics.attack.pattern : undefined,
  };
}

describe('the patterns that read requests', () => {
  it('are found: the literals of the request code and the patterns contracts builds at run time', () => {
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.map((p) => p.source)).toEqual(
      expect.arrayContaining([contracts.emailPattern.source, contracts.PASSWORD_PATTERN.source, '^[\\x21-\\x7e]{1,200}$']),
    );
  });

  it('are built at run time only in contracts, where its exports and schemas show them to this test', () => {
    const building = scanned.filter((file) => file.buildsPatterns).map((file) => file.file);
    expect(building.filter((file) => !file.startsWith('contracts/src/'))).toEqual([]);
  });

  it('are checked by a checker that finds the pattern issue 34 stalled the shop with', async () => {
    expect(await complexityOf({ source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', flags: '' })).toMatchObject({
      status: 'vulnerable',
      complexity: 'polynomial',
    });
  });

  it.each(patterns.map((pattern) => [`/${pattern.source}/${pattern.flags}`, pattern] as const))(
    '%s matches in linear time at most',
    async (_name, pattern) => {
      expect(await complexityOf(pattern), pattern.where).toMatchObject({ status: 'safe' });
    },
  );
});
