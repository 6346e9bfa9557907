import type { Acknowledged } from './commandClient';

/** One call to the command service: what goes on the wire, the bearer aside. */
export interface CommandRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  /** The path under the command service's base URL, with any id already encoded. */
  path: string;
  /** Sent as JSON; none (a delete) sends no body and no content type. */
  body?: unknown;
  /** Sent as the Idempotency-Key header: for a user action that must happen once. */
  idempotencyKey?: string;
}

/**
 * A command of the command service, declared by the feature whose saga sends it: how its arguments
 * become a request, and (as a type only) what it answers when acknowledged.
 */
export interface Command<Args extends unknown[], T extends Acknowledged> {
  readonly request: (...args: Args) => CommandRequest;
  /** Never set: carries the answer's type to `CommandClient.send`. */
  readonly answer?: T;
}

/** Declares a command: `command<[body: PostReviewInput], PostReviewResponse>((body) => ({ method: 'POST', path: '/review', body }))`. */
export function command<Args extends unknown[], T extends Acknowledged>(request: (...args: Args) => CommandRequest): Command<Args, T> {
  return { request };
}
