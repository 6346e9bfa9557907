#!/usr/bin/env node
// docs/api.md, the API reference, written from the shop's own OpenAPI document: the embedded shop
// (make start's composition: command side, projector and query side in one Fastify, so one document
// holds every route) is built in-process on an in-memory PGlite and asked for GET /openapi.json, as
// the apiDescription tests ask it. Nothing listens and nothing is kept.
//
//   npx tsc -b && node scripts/api-docs.mjs           writes docs/api.md
//   npx tsc -b && node scripts/api-docs.mjs --check   exits 1 when docs/api.md is not what it would write
//
// embedded/src/docs.int.spec.ts renders the same document from the sources and fails when docs/api.md
// differs, so `make test` keeps the page current.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the page lives, from the repository root. */
export const API_REFERENCE_FILE = 'docs/api.md';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A table cell: one line, its pipes escaped. */
const cell = (text) =>
  String(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');

const code = (text) => '`' + String(text).replace(/`/g, "'") + '`';

const refName = (ref) => ref.slice(ref.lastIndexOf('/') + 1);

/** A schema's type in a few words: `string`, `"pending"`, `number \| null`, `Product[]`. */
function typeOf(schema) {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  return schema.type ?? 'any';
}

/** What a schema asks beyond its type: lengths, bounds, pattern, format, default. */
function rulesOf(schema) {
  if (!schema) return '';
  const rules = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    rules.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} chars`);
  }
  if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) rules.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) rules.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    rules.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '∞'} items`);
  }
  if (schema.format) rules.push(schema.format);
  if (schema.pattern) rules.push(`pattern ${code(schema.pattern)}`);
  if (schema.default !== undefined) rules.push(`default ${code(JSON.stringify(schema.default))}`);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) rules.push(...alternatives.map(rulesOf).filter(Boolean));
  if (schema.description) rules.push(schema.description);
  return rules.join('; ');
}

/** The object a schema describes, if any (itself, or the items of an array of objects). */
function objectOf(schema) {
  if (schema?.type === 'object' && schema.properties) return { schema, suffix: '' };
  if (schema?.type === 'array' && schema.items?.type === 'object' && schema.items.properties) {
    return { schema: schema.items, suffix: '[]' };
  }
  return null;
}

/** One row per field, nested objects as `parent.child` (arrays as `parent[].child`). */
function fieldRows(schema, prefix = '') {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const row = `| ${code(path)} | ${cell(code(typeOf(field)))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(rulesOf(field))} |`;
    const nested = objectOf(field);
    return nested ? [row, ...fieldRows(nested.schema, `${path}${nested.suffix}.`)] : [row];
  });
}

function schemaSection(title, schema) {
  const object = objectOf(schema);
  if (!object) return [`${title}: ${code(typeOf(schema))}${rulesOf(schema) ? ` (${rulesOf(schema)})` : ''}.`, ''];
  const heading = object.suffix ? `${title}, an array of objects:` : `${title}:`;
  return [heading, '', '| field | type | required | rules |', '| --- | --- | --- | --- |', ...fieldRows(object.schema), ''];
}

const jsonSchemaOf = (content) => content?.['application/json']?.schema;

function operationSection(method, path, operation) {
  const lines = [`### ${code(`${method.toUpperCase()} ${path}`)}`, ''];
  if (operation.summary) lines.push(operation.summary, '');
  if (operation.description) lines.push(operation.description, '');
  lines.push(`Access: ${operation.security?.length ? 'bearer token ([Access](#access))' : 'public'}.`, '');
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    lines.push('| parameter | in | type | required | rules |', '| --- | --- | --- | --- | --- |');
    for (const parameter of parameters) {
      lines.push(
        `| ${code(parameter.name)} | ${parameter.in} | ${cell(code(typeOf(parameter.schema)))} | ${parameter.required ? 'yes' : 'no'} | ${cell(
          [rulesOf(parameter.schema), parameter.description].filter(Boolean).join('; '),
        )} |`,
      );
    }
    lines.push('');
  }
  const body = jsonSchemaOf(operation.requestBody?.content);
  if (body) lines.push(...schemaSection(operation.requestBody.required ? 'Body (required)' : 'Body', body));
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length > 0) {
    lines.push('| status | answer | body |', '| --- | --- | --- |');
    for (const [status, response] of responses) {
      const schema = jsonSchemaOf(response.content);
      lines.push(`| ${status} | ${cell(response.description ?? '')} | ${schema ? cell(code(typeOf(schema))) : '–'} |`);
    }
    lines.push('');
    const [, ok] = responses.find(([status]) => status.startsWith('2')) ?? [];
    const okSchema = jsonSchemaOf(ok?.content);
    if (okSchema) lines.push(...schemaSection('The answer', okSchema));
  }
  return lines;
}

/**
 * docs/api.md for an OpenAPI 3.1 document: one section per tag in the document's order, its routes
 * by path (the document's own order of paths follows the order routes were registered in, which for
 * the pictures is the order a folder is listed in: not the same on every file system).
 */
export function renderApiReference(document) {
  const operations = Object.keys(document.paths)
    .sort()
    .flatMap((path) =>
      METHODS.filter((method) => document.paths[path][method]).map((method) => ({ path, method, operation: document.paths[path][method] })),
    );
  const tags = [...(document.tags ?? [])];
  for (const { operation } of operations) {
    for (const name of operation.tags ?? []) if (!tags.some((tag) => tag.name === name)) tags.push({ name });
  }
  const untagged = operations.filter(({ operation }) => !operation.tags?.length);
  if (untagged.length > 0) tags.push({ name: 'Other' });
  const lines = [
    '# API reference',
    '',
    "<!-- Generated by scripts/api-docs.mjs from the embedded shop's GET /openapi.json; do not edit: run `npx tsc -b && node scripts/api-docs.mjs`. -->",
    '',
    `${document.info.title} ${document.info.version}, OpenAPI ${document.openapi}. ${document.info.description ?? ''}`.trim(),
    '',
    'Every route of the shop as `make start` serves it on one port; in services mode the command service',
    'and the query service each describe their own routes at their own `/openapi.json` (and `/docs`).',
    'Who may call what and the rules behind the answers, in our words: [api-guide.md](api-guide.md).',
    '',
  ];
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  if (schemes.length > 0) {
    lines.push('## Access', '');
    for (const [name, scheme] of schemes) {
      lines.push(
        `- ${code(name)}: ${scheme.type}${scheme.scheme ? ` ${scheme.scheme}` : ''}${scheme.description ? `. ${scheme.description}` : ''}`,
      );
    }
    lines.push('');
  }
  for (const tag of tags) {
    const own = operations.filter(({ operation }) =>
      tag.name === 'Other' && untagged.length > 0 ? !operation.tags?.length : (operation.tags ?? []).includes(tag.name),
    );
    if (own.length === 0) continue;
    lines.push(`## ${tag.name}`, '');
    if (tag.description) lines.push(tag.description, '');
    for (const { path, method, operation } of own) lines.push(...operationSection(method, path, operation));
  }
  const schemas = Object.entries(document.components?.schemas ?? {});
  if (schemas.length > 0) {
    lines.push('## Schemas', '');
    for (const [name, schema] of schemas) lines.push(`### ${name}`, '', ...schemaSection('Fields', schema));
  }
  return lines.join('\n').replace(/\n+$/, '') + '\n';
}

/** The embedded shop's document, from the build (`npx tsc -b`). */
async function builtShopDocument() {
  const { API_DESCRIPTION_PATH } = await import('@toolforge/platform/http');
  const { firebaseIdentity } = await import('@toolforge/platform/identity');
  const { PgliteEventLog, openEmbeddedPostgres } = await import('@toolforge/platform/pglite');
  const { pgliteSql } = await import('@toolforge/platform/sql');
  const { composeEmbeddedShop } = await import('@toolforge/embedded');
  const db = await openEmbeddedPostgres(null);
  // A master key of its own, thrown away after: no customer's value is ever sealed here.
  const keys = await mkdtemp(join(tmpdir(), 'toolforge-api-docs-'));
  try {
    const shop = await composeEmbeddedShop({
      sql: pgliteSql(db),
      log: await PgliteEventLog.open(db),
      // Only described, never asked: no ID token is verified.
      identity: firebaseIdentity({ projectId: 'demo-toolforge', emulatorHost: '127.0.0.1:9099' }),
      jwtSecret: 'api-docs-secret-long-enough-for-hs256',
      adminEmails: [],
      origins: [],
      privacy: { masterKeyFile: join(keys, 'privacy-master-key'), invoiceRetentionYears: 10 },
    });
    try {
      const response = await shop.app.inject({ method: 'GET', url: API_DESCRIPTION_PATH });
      if (response.statusCode !== 200) throw new Error(`GET ${API_DESCRIPTION_PATH} answered ${response.statusCode}`);
      return response.json();
    } finally {
      await shop.close();
    }
  } finally {
    await db.close();
    await rm(keys, { recursive: true, force: true });
  }
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const file = `${root}${API_REFERENCE_FILE}`;
  const page = renderApiReference(await builtShopDocument());
  if (process.argv.includes('--check')) {
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current !== page) {
      console.error(`${API_REFERENCE_FILE} is not what the shop's /openapi.json makes now: run node scripts/api-docs.mjs`);
      process.exit(1);
    }
    console.log(`${API_REFERENCE_FILE} is current`);
    return;
  }
  await writeFile(file, page);
  console.log(`wrote ${API_REFERENCE_FILE}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
