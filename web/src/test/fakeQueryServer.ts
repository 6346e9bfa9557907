import { vi } from 'vitest';

export interface SeenRequest {
  path: string;
  headers: Record<string, string>;
}

/**
 * Stands in for the query service behind global fetch: answers GETs from `routes` (path → body, or
 * a function giving the body when asked) and remembers each request with its headers, so tests see
 * what RTK Query asked for.
 */
export function fakeQueryServer(routes: Record<string, unknown>) {
  const seen: SeenRequest[] = [];
  const answer = (input: RequestInfo | URL, init?: RequestInit): Response => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    seen.push({ path, headers: Object.fromEntries(request.headers.entries()) });
    const route = routes[path];
    if (route === undefined) {
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Not Found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const body = typeof route === 'function' ? (route as () => unknown)() : route;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  // As fetch does, whatever goes wrong is a rejection, never a throw.
  const fetchSpy = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((resolve) => resolve(answer(input, init))),
  );
  vi.stubGlobal('fetch', fetchSpy);
  return { seen, fetchSpy, requestsTo: (path: string) => seen.filter((request) => request.path === path) };
}
