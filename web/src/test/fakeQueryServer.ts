import { vi } from 'vitest';

export interface SeenRequest {
  path: string;
  headers: Record<string, string>;
}

/** A route's answer that is a refusal, with the query service's error body. */
export class Refused {
  constructor(
    readonly statusCode: number,
    readonly message: string,
  ) {}
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stands in for the query service behind global fetch: answers GETs from `routes` (path → body, a
 * Refused, or a function giving either when asked) and remembers each request with its headers, so tests see
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
    const body: unknown = typeof route === 'function' ? (route as () => unknown)() : (route ?? new Refused(404, 'Not Found'));
    if (body instanceof Refused) return json(body.statusCode, { statusCode: body.statusCode, error: 'Refused', message: body.message });
    return json(200, body);
  };
  // As fetch does, whatever goes wrong is a rejection, never a throw.
  const fetchSpy = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((resolve) => resolve(answer(input, init))),
  );
  vi.stubGlobal('fetch', fetchSpy);
  return { seen, fetchSpy, requestsTo: (path: string) => seen.filter((request) => request.path === path) };
}
