import { readFileSync } from 'node:fs';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '@toolforge/contracts';
import { useApiReference } from './apiReference.js';
import { accessOf, type HeaderDoc, type RouteAccess } from './routeDocs.js';

/** Where the OpenAPI document is served, public. */
export const API_DESCRIPTION_PATH = '/openapi.json';

/** The name of the bearer scheme every signed-in route names. */
export const BEARER_SCHEME = 'bearer';

/** The platform's own routes' group (/health and /ready); the shop's features declare theirs (ApiTag). */
export const HEALTH_TAG: ApiTag = {
  name: 'Health',
  description: 'For supervisors: whether the process is alive and ready to serve.',
};

export interface ApiDescriptionOptions {
  /** The serving package's version (packageVersion). */
  version: string;
  /** What this instance serves: the command side, the query side, or both (the embedded shop). */
  description: string;
}

/** The version in a package's package.json, given the URL of a module at its src/ or dist/ top. */
export function packageVersion(moduleUrl: string): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', moduleUrl), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

/** The error body of every refusal (docs/architecture.md#8-bad-input-and-errors), as JSON Schema. */
const apiErrorJsonSchema = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string', description: 'What the user reads.' },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Every field message of a rejected body.' },
  },
  required: ['statusCode', 'error', 'message'],
} as const;

const refusal = (description: string) => ({ description, ...apiErrorJsonSchema });

/** The zod schemas of request and responses, as JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
const zodSchemas = createJsonSchemaTransform({ skipList: [] });

type TransformInput = Parameters<SwaggerTransform>[0];
type JsonSchemaObject = { properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;

/** The headers a route documents, as the JSON Schema of an object Swagger turns into header parameters. */
function headerSchema(headers: Readonly<Record<string, HeaderDoc>>, own: JsonSchemaObject | undefined): JsonSchemaObject | undefined {
  const names = Object.keys(headers);
  if (names.length === 0) return own;
  const properties: Record<string, unknown> = { ...own?.properties };
  for (const name of names) {
    const header = headers[name]!;
    properties[name] = { ...z.toJSONSchema(header.schema, { io: 'input', unrepresentable: 'any' }), description: header.description };
    delete (properties[name] as Record<string, unknown>).$schema;
  }
  return { ...own, type: 'object', properties };
}

const ACCESS_NOTES: Readonly<Record<RouteAccess, string>> = {
  'signed-in': 'Signed-in callers: an API token from POST /login, or a Firebase ID token, as the bearer.',
  admin: 'Admins only: the bearer must belong to an account with the admin role.',
};

/**
 * A route as the description shows it: its zod schemas as JSON Schema, its feature's tag, the
 * bearer scheme and the 401/403 it answers when its hooks require a sign-in, the 400 of a route
 * that validates its input, and the headers the feature documents (describeRoutes).
 */
export function describeRoute(input: TransformInput): ReturnType<SwaggerTransform> {
  const { schema, url } = zodSchemas(input) as { schema: Record<string, unknown> | undefined; url: string };
  if (schema?.hide) return { schema, url };
  const { route } = input;
  const docs = route.config?.docs ?? {};
  const access = accessOf(route);
  const response = { ...(schema?.response as Record<string, unknown> | undefined) };
  if (schema?.body || schema?.querystring || schema?.params)
    response['400'] ??= refusal('The request is malformed: the message says what to fix.');
  if (access) response['401'] ??= refusal('No bearer, an invalid or expired one, or a session that has ended.');
  if (access === 'admin') response['403'] ??= refusal('The caller is not an admin.');
  const described: Record<string, unknown> = { ...schema };
  if (Object.keys(response).length > 0) described.response = response;
  if (docs.tag) described.tags = [docs.tag.name];
  const headers = headerSchema(docs.headers ?? {}, schema?.headers as JsonSchemaObject | undefined);
  if (headers) described.headers = headers;
  if (access) {
    described.security = [{ [BEARER_SCHEME]: [] }];
    described.description = [schema?.description, ACCESS_NOTES[access]].filter(Boolean).join('\n\n');
  }
  return { schema: described, url };
}

/**
 * The tags of the routes a document shows, each with its feature's description: the features' in
 * the order their routes are registered, then the platform's own Health (a reader meets the shop
 * before its supervisors' routes), so a new feature's tag needs no list of its own.
 */
class DocumentTags {
  readonly #byName = new Map<string, ApiTag>();

  /** Notes the tag of a route the document shows (not one it hides), and hands its description on. */
  seen(described: ReturnType<SwaggerTransform>, tag: ApiTag | undefined): ReturnType<SwaggerTransform> {
    if (tag && !(described.schema as { hide?: boolean } | undefined)?.hide && !this.#byName.has(tag.name)) this.#byName.set(tag.name, tag);
    return described;
  }

  listed(): { name: string; description: string }[] {
    const features = [...this.#byName.values()].filter((tag) => tag.name !== HEALTH_TAG.name);
    const platform = this.#byName.has(HEALTH_TAG.name) ? [HEALTH_TAG] : [];
    return [...features, ...platform].map(({ name, description }) => ({ name, description }));
  }
}

/**
 * The API's own description (issue 15): an OpenAPI 3.1 document written from the routes' zod
 * schemas at /openapi.json, and the reference page on it at /docs. Call it on the root instance
 * before any route plugin is registered: @fastify/swagger collects routes with an onRoute hook,
 * which a plugin's scope inherits only from the scopes it is registered in, so on the embedded
 * host, where both services are child plugins of one instance, one document holds both.
 */
export async function useApiDescription(app: FastifyInstance, options: ApiDescriptionOptions): Promise<void> {
  const tags = new DocumentTags();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'ToolForge', version: options.version, description: options.description },
      // Filled in once the routes are described (transformObject): the tags they carry.
      tags: [],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token (the accessToken POST /login answers) or a Firebase ID token.',
          },
        },
      },
    },
    transform: (input) => tags.seen(describeRoute(input), input.route.config?.docs?.tag),
    transformObject: (document) =>
      'openapiObject' in document ? { ...document.openapiObject, tags: tags.listed() } : document.swaggerObject,
    // OpenAPI 3.1 is JSON Schema 2020-12, which has `const` (acknowledged: true, say): the
    // document shows each schema exactly as the route validates or writes it.
    convertConstToEnum: false,
  });
  // The document is worked out once (Swagger keeps it) and the same for everyone: caches may keep it a while.
  app.get(API_DESCRIPTION_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
  await useApiReference(app);
}
