import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { ApiTag } from '@toolforge/contracts';

/** A request header a route reads besides Authorization, as the API description shows it. */
export interface HeaderDoc {
  readonly description: string;
  /** What the route accepts (the same schema it parses the header with, where it has one). */
  readonly schema: ZodType;
}

/** What the API description says of a route beyond its schemas (docs/architecture.md#9-the-products-rules). */
export interface RouteDocs {
  /** The feature the route belongs to: its group in the description and on /docs, as the feature declares it. */
  readonly tag?: ApiTag;
  /** Request headers it reads, by their lower-case name. */
  readonly headers?: Readonly<Record<string, HeaderDoc>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by describeRoutes; read when the API description is written. */
    docs?: RouteDocs;
  }
}

/** Who may call a route, as its onRequest hook decides: undefined for anyone. */
export type RouteAccess = 'signed-in' | 'admin';

/**
 * The shop's authentication hooks (apiTokens' authenticate and requireAdmin), known by identity:
 * a route that runs one is a signed-in or an admin route, and the description says so, without
 * every route repeating what its hook already states.
 */
const accessHooks = new WeakMap<object, RouteAccess>();

/** Marks an authentication hook, so the routes that run it are described as needing that access. */
export function markAccessHook<Hook extends object>(hook: Hook, access: RouteAccess): Hook {
  accessHooks.set(hook, access);
  return hook;
}

/** The access a route's own hooks require: an admin hook wins over a signed-in one. */
export function accessOf(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>): RouteAccess | undefined {
  const hooks = [route.onRequest, route.preHandler].flat().filter((hook): hook is NonNullable<typeof hook> => Boolean(hook));
  const found = hooks.map((hook) => accessHooks.get(hook));
  return found.includes('admin') ? 'admin' : found.includes('signed-in') ? 'signed-in' : undefined;
}

/**
 * Gives every route registered in `scope` after this call (its child plugins' too) the docs, or
 * the docs worked out from the route; a route keeps a tag it already has, and headers add up.
 */
export function describeRoutes(scope: FastifyInstance, docs: RouteDocs | ((route: RouteOptions) => RouteDocs)): void {
  scope.addHook('onRoute', (route) => {
    const added = typeof docs === 'function' ? docs(route) : docs;
    const own = route.config?.docs ?? {};
    route.config = {
      ...route.config,
      docs: { tag: own.tag ?? added.tag, headers: { ...added.headers, ...own.headers } },
    };
  });
}

/**
 * A route plugin whose routes all carry the docs: `app.register(documented({ tag: ORDERS_TAG }, orderRoutes), options)`.
 * The plugin runs in a scope of its own, as registering it directly would.
 */
export function documented<Options extends FastifyPluginOptions>(
  docs: RouteDocs,
  plugin: (scope: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  return async (scope, options) => {
    describeRoutes(scope, docs);
    await plugin(scope, options);
  };
}
