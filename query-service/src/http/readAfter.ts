import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  ALL_TOPICS,
  READ_AFTER_HEADER,
  READ_AFTER_SATISFIED_HEADER,
  messages,
  parsePosition,
  type ApiUser,
  type LogPosition,
} from '@toolforge/contracts';
import type { LogEnd } from '@toolforge/platform';
import { HttpError } from '@toolforge/platform/http';
import type { CheckpointWaiter } from '@toolforge/platform/sql';

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

export interface ReadAfterOptions {
  checkpoints: CheckpointWaiter;
  /** Where the log ends: a position past it is refused. */
  logEnd: LogEnd;
  timeoutMs: number;
  logger: FastifyBaseLogger;
}

/**
 * Read-your-writes (docs/architecture.md#4-the-command-side): with X-Read-After, the request waits until the projector has passed
 * every position it names, at most `timeoutMs`, then answers from the read model either way and
 * says in X-Read-After-Satisfied whether the wait succeeded. A preHandler, so it runs after
 * authentication and the rate limit. Only a signed-in caller's request waits: a public route
 * (/homeproducts) ignores the header, so nobody unknown can hold the service's connections. A
 * position the log has not reached is refused (400): its wait could only run out. When as many
 * requests wait as the watcher allows, the request answers at once, as any GET without the header
 * would, with X-Read-After-Satisfied: false: the client then reads again later, as it does after a
 * wait that ran out, rather than meeting an error while the service is merely busy.
 */
export function readAfter({ checkpoints, logEnd, timeoutMs, logger }: ReadAfterOptions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!(request.user as ApiUser | undefined)) return;
    const positions = readAfterPositions(request.headers[READ_AFTER_HEADER]);
    if (!positions) return;
    // The check against the log's end runs beside the wait, not before it: the ends are read again
    // at most every LOG_END_REFRESH_MS, and a position just acknowledged is always past the ends
    // known (checked first, that cost every such read up to LOG_END_REFRESH_MS more; the bench's
    // read-your-writes p99). A position the read model has passed is in the log; one the log does
    // not hold ends the wait.
    const wait = new AbortController();
    const reached = reachedByLog(logEnd, positions, logger).then((held) => {
      if (!held) wait.abort();
      return held;
    });
    const outcome = await checkpoints.waitFor(positions, timeoutMs, wait.signal);
    if (outcome !== 'passed' && !(await reached)) throw new HttpError(400, messages.readAfterBeyondLog);
    request.readFresh = outcome !== 'busy';
    reply.header(READ_AFTER_SATISFIED_HEADER, String(outcome === 'passed'));
  };
}

/** Whether the log holds the positions; when its end cannot be read, the bounded wait goes ahead. */
async function reachedByLog(logEnd: LogEnd, positions: readonly LogPosition[], logger: FastifyBaseLogger): Promise<boolean> {
  try {
    return await logEnd.holds(positions);
  } catch (error) {
    logger.warn({ err: error }, 'could not read where the log ends; X-Read-After positions are not checked against it');
    return true;
  }
}
