import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z, type ZodType } from 'zod';
import { API_DESCRIPTION_PATH } from '../http/apiDescription.js';
import { API_REFERENCE_PREFIX } from '../http/apiReference.js';
import { accessOf } from '../http/routeDocs.js';

/**
 * The API description's checks (issue 15), shared by the command service's, the query service's
 * and the embedded host's tests: the document is valid OpenAPI, and it holds every route the
 * instance registered with the very shapes the route validates and answers with.
 */

/** Fastify announces every instance it creates on this channel, before any plugin runs. */
const FASTIFY_CREATED = 'fastify.initialization';

/** Builds with `build`, and gives back every route the Fastify instances it created registered. */
export async function withRegisteredRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RouteOptions[] }> {
  const routes: RouteOptions[] = [];
  const watch = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      routes.push(route);
    });
  };
  subscribe(FASTIFY_CREATED, watch);
  try {
    return { built: await build(), routes };
  } finally {
    unsubscribe(FASTIFY_CREATED, watch);
  }
}

type Json = Record<string, unknown>;

interface Operation {
  tags?: string[];
  security?: Json[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** Whether a route is the description's own (the document, the reference page and its files). */
export function isApiDescriptionRoute(url: string): boolean {
  return url === API_DESCRIPTION_PATH || url === API_REFERENCE_PREFIX || url.startsWith(`${API_REFERENCE_PREFIX}/`);
}

/** @fastify/cors answers every preflight on one catch-all route, which describes no call of the API. */
function isCorsPreflight(route: RouteOptions): boolean {
  return route.url === '*' && methodsOf(route).every((method) => method === 'OPTIONS');
}

/** A zod schema as JSON Schema, the way the document is expected to show it. */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema as ZodType, { io, unrepresentable: 'any' }) as Json;
  return json;
}

/** A route's answer schemas by media type: `{ content: { 'application/pdf': { schema } } }`, or a zod schema alone for JSON. */
function answerSchemas(response: unknown): Record<string, unknown> {
  const { content } = response as { content?: Record<string, { schema: unknown }> };
  if (content === undefined || content === null || typeof content !== 'object') return { 'application/json': response };
  return Object.fromEntries(Object.entries(content).map(([mediaType, { schema }]) => [mediaType, schema]));
}

/** The route's path in OpenAPI's spelling: /product/:id is /product/{id}. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((method) => method !== 'HEAD');

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(sorted(left)) === JSON.stringify(sorted(right));
}

/** Where two JSON values first differ, for a failure a reader can act on: "at properties.acknowledged: …". */
function firstDifference(documented: unknown, expected: unknown, at = ''): string {
  const bothObjects = [documented, expected].every((value) => value !== null && typeof value === 'object');
  if (bothObjects) {
    const left = documented as Record<string, unknown>;
    const right = expected as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (!sameJson(left[key], right[key])) return firstDifference(left[key], right[key], at ? `${at}.${key}` : key);
    }
  }
  return `at ${at || 'the root'}: documented ${JSON.stringify(documented)}, the route's ${JSON.stringify(expected)}`;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, child]) => [key, sorted(child)]),
  );
}

/** What the parameters of one kind (path, query) must be: the schema's properties, required as it says. */
function parameterMismatches(where: string, kind: string, schema: unknown, operation: Operation): string[] {
  const documented = (operation.parameters ?? []).filter((parameter) => parameter.in === kind);
  if (schema === undefined) return [];
  const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  const problems: string[] = [];
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    const parameter = documented.find((candidate) => candidate.name === name);
    if (!parameter) {
      problems.push(`${where}: ${kind} parameter ${name} missing`);
      continue;
    }
    const required = kind === 'path' || (json.required ?? []).includes(name);
    if (Boolean(parameter.required) !== required) problems.push(`${where}: ${kind} parameter ${name} required should be ${required}`);
    if (!sameJson(parameter.schema, property))
      problems.push(`${where}: ${kind} parameter ${name} ${firstDifference(parameter.schema, property)}`);
  }
  for (const parameter of documented) {
    if (!(parameter.name in (json.properties ?? {}))) problems.push(`${where}: ${kind} parameter ${parameter.name} is not the route's`);
  }
  return problems;
}

/**
 * Every way the document falls short of the routes, in words (none when it is right): each route
 * (but the description's own and the CORS preflight) is there with its method; its body, path and query parameters and
 * 2xx answers are its zod schemas' JSON Schema; it names the bearer scheme exactly when its hooks
 * require a sign-in, and carries a tag the document lists; and nothing is there that no route serves.
 */
export function apiDescriptionMismatches(document: ApiDocument, routes: readonly RouteOptions[]): string[] {
  const problems: string[] = [];
  const listedTags = new Set((document.tags ?? []).map((tag) => tag.name));
  const served = new Set<string>();
  for (const route of routes) {
    if (isApiDescriptionRoute(route.url) || isCorsPreflight(route)) continue;
    const path = openApiPath(route.url);
    // A HEAD route of its own (@fastify/static adds one beside each GET) serves what it documents.
    for (const method of [route.method].flat()) served.add(`${method.toLowerCase()} ${path}`);
    for (const method of methodsOf(route)) {
      const where = `${method} ${route.url}`;
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${where}: not in the document`);
        continue;
      }
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      if (schema.body !== undefined) {
        const documented = operation.requestBody?.content?.['application/json']?.schema;
        const expected = jsonSchemaOf(schema.body, 'input');
        if (!sameJson(documented, expected)) problems.push(`${where}: request body ${firstDifference(documented, expected)}`);
      } else if (operation.requestBody) {
        problems.push(`${where}: documents a body it does not take`);
      }
      problems.push(...parameterMismatches(where, 'path', schema.params, operation));
      problems.push(...parameterMismatches(where, 'query', schema.querystring, operation));
      const responses = (schema.response ?? {}) as Record<string, unknown>;
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2')) continue;
        // A JSON answer is its schema; another (a PDF) names its media types, each with its schema.
        for (const [mediaType, schema] of Object.entries(answerSchemas(response))) {
          const documented = operation.responses?.[status]?.content?.[mediaType]?.schema;
          const expected = jsonSchemaOf(schema, 'output');
          if (!sameJson(documented, expected))
            problems.push(`${where}: ${status} ${mediaType} answer ${firstDifference(documented, expected)}`);
        }
      }
      if (!Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2'))) problems.push(`${where}: no 2xx answer`);
      const secured = (operation.security ?? []).length > 0;
      if (secured !== (accessOf(route) !== undefined)) problems.push(`${where}: security ${secured ? 'named' : 'missing'} wrongly`);
      const tags = operation.tags ?? [];
      if (tags.length === 0 || tags.some((tag) => !listedTags.has(tag))) problems.push(`${where}: no tag the document lists`);
    }
  }
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      if (!served.has(`${method} ${path}`)) problems.push(`${method.toUpperCase()} ${path}: documented, but no route serves it`);
    }
  }
  return problems;
}

/** The document, checked against the OpenAPI 3.1 schema by swagger-parser (which throws on the first fault). */
export async function validApiDocument(document: ApiDocument): Promise<void> {
  // The parser resolves $refs in place: it gets a copy, the checks keep the document as served.
  await SwaggerParser.validate(structuredClone(document) as never);
}
