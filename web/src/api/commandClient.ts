import { IDEMPOTENCY_KEY_HEADER, type ApiError } from '@toolforge/contracts';
import type { Command } from './command';

/** A command the server refused or could not take: its message is the one to show. */
export class CommandRefused extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'CommandRefused';
  }
}

/**
 * What a command answers when it went through. Most carry the position of the event they appended;
 * an edit that changed nothing appends nothing, so it has none.
 */
export interface Acknowledged {
  acknowledged: true;
  position?: string;
}

/** A body that may or may not say it was acknowledged: the spec reads the flag, never assumes it. */
export type Answer<T extends Acknowledged> = Omit<T, 'acknowledged'> & { acknowledged: boolean };

/**
 * The command service's calls (docs/architecture.md#9-the-products-rules, docs/architecture.md#4-the-command-side, docs/architecture.md#5-identity-and-roles):
 * each command is declared beside the saga that sends it (`command`). Only sagas use it.
 */
export interface CommandClient {
  send<Args extends unknown[], T extends Acknowledged>(command: Command<Args, T>, bearer: string, ...args: Args): Promise<Answer<T>>;
}

function isApiError(body: unknown): body is ApiError {
  return typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string';
}

export function httpCommandClient(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): CommandClient {
  async function send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, bearer: string, body?: unknown, headers = {}): Promise<T> {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      // A proxy's HTML error page: fall through to the status text.
    }
    if (!response.ok) {
      if (isApiError(json)) throw new CommandRefused(json.message, response.status, json.fields);
      throw new CommandRefused(response.statusText || `Request failed with status ${response.status}`, response.status);
    }
    return json as T;
  }

  return {
    send(command, bearer, ...args) {
      const { method, path, body, idempotencyKey } = command.request(...args);
      return send(method, path, bearer, body, idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
    },
  };
}

/** The text to show for anything a call or the identity provider threw. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Request failed';
}
