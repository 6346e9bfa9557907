import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * The HTTP calls of the tests, the harnesses and the bench, in one place: to a Fastify app in this
 * process (inject) or to a process over the network (fetch). `token`, when given, is the bearer:
 * the shop's API token or an identity provider's ID token alike.
 */

/** The authorization header for a bearer, or none. */
export function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** A request to an app in this process: Fastify's inject options, with the bearer as `token`. */
export type AppRequest = InjectOptions & { token?: string };

/** Anything that answers injected requests: a Fastify instance whatever its type provider. */
export interface Injectable {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function sendTo(app: Injectable, request: AppRequest): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = request;
  return app.inject({ ...rest, headers: { ...headers, ...bearer(token) } });
}

/** A request over HTTP: JSON in (`body`), JSON out. */
export interface HttpRequest {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HttpAnswer<T> {
  status: number;
  headers: Headers;
  /** The JSON it answered (the text when it is not JSON; undefined when empty). */
  body: T;
}

export async function fetchJson<T = unknown>(url: string, request: HttpRequest = {}): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = {
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...request.headers,
    ...bearer(request.token),
  };
  const response = await fetch(url, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: parsed(text) as T };
}

function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** fetchJson against one server: `api('POST', '/order', { token, body })`. */
export function apiAt(baseUrl: string) {
  return <T = unknown>(method: string, path: string, request: Omit<HttpRequest, 'method'> = {}) =>
    fetchJson<T>(`${baseUrl}${path}`, { ...request, method });
}

/** The body of a 2xx answer; any other answer throws with its status and body. */
export function okBody<T>(answer: HttpAnswer<T>, what: string): T {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
