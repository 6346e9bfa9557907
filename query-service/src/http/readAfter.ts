import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ALL_TOPICS,
  READ_AFTER_HEADER,
  READ_AFTER_SATISFIED_HEADER,
  messages,
  parsePosition,
  type LogPosition,
} from '@toolforge/contracts';
import { HttpError, type CheckpointWaiter } from '@toolforge/platform';

declare module 'fastify' {
  interface FastifyRequest {
    /** Read past the cache, from the read model itself (after an X-Read-After wait). */
    readFresh: boolean;
  }
}

/** The positions an X-Read-After header names: one token, or several separated by commas. */
export function readAfterPositions(header: string | string[] | undefined): LogPosition[] | undefined {
  if (header === undefined) return undefined;
  const tokens = (Array.isArray(header) ? header.join(',') : header).split(',');
  const positions = tokens.map((token) => parsePosition(token));
  const known = new Set<string>(ALL_TOPICS);
  if (tokens.length > 16 || positions.some((position) => position === null || !known.has(position.topic))) {
    throw new HttpError(400, messages.readAfterToken);
  }
  return positions as LogPosition[];
}

/**
 * Read-your-writes (DESIGN §4): with X-Read-After, the request waits until the projector has passed
 * every position it names, at most `timeoutMs`, then answers from the read model either way and
 * says in X-Read-After-Satisfied whether the wait succeeded. A preHandler, so it runs after
 * authentication: a caller without a valid token never makes the service wait.
 */
export function readAfter(checkpoints: CheckpointWaiter, timeoutMs: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const positions = readAfterPositions(request.headers[READ_AFTER_HEADER]);
    if (!positions) return;
    const satisfied = await checkpoints.waitFor(positions, timeoutMs);
    request.readFresh = true;
    reply.header(READ_AFTER_SATISFIED_HEADER, String(satisfied));
  };
}
