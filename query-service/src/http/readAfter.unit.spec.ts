import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { READ_AFTER_SATISFIED_HEADER, messages, type LogPosition } from '@toolforge/contracts';
import { LogEnd } from '@toolforge/platform';
import { HttpError } from '@toolforge/platform/http';
import { CheckpointWaiter, type Checkpoint } from '@toolforge/platform/sql';
import { readAfter } from './readAfter.js';

const placed: LogPosition = { topic: 'sales.orders', partition: 0, offset: 41 };

/** A signed-in GET naming `position`, and the headers its answer gets. */
function signedInRead(position: LogPosition) {
  const headers = new Map<string, string>();
  const request = {
    user: { uid: 'u-ada' },
    headers: { 'x-read-after': `${position.topic}/${position.partition}/${position.offset}` },
  } as unknown as FastifyRequest;
  const reply = { header: (name: string, value: string) => headers.set(name, value) } as unknown as FastifyReply;
  return { request, reply, headers };
}

const checkpointsAt = (nextOffset: number) =>
  new CheckpointWaiter(
    { checkpoints: () => Promise.resolve<Checkpoint[]>([{ topic: 'sales.orders', partition: 0, nextOffset }]) },
    { pollIntervalMs: 5 },
  );

/** A log whose ends are `end` in every partition, or that never answers where it ends. */
const logEnding = (end: number | 'never') =>
  new LogEnd({
    endOffsets: () => (end === 'never' ? new Promise<ReadonlyMap<number, number>>(() => undefined) : Promise.resolve(new Map([[0, end]]))),
  });

const logger = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe('readAfter', () => {
  it('answers a position the read model has passed without waiting for the log to say where it ends', async () => {
    const { request, reply, headers } = signedInRead(placed);
    await readAfter({ checkpoints: checkpointsAt(42), logEnd: logEnding('never'), timeoutMs: 5000, logger })(request, reply);
    expect(headers.get(READ_AFTER_SATISFIED_HEADER)).toBe('true');
    expect(request.readFresh).toBe(true);
  });

  it('refuses a position the log does not hold with 400, ending the wait at once', async () => {
    const { request, reply } = signedInRead(placed);
    const checkpoints = checkpointsAt(10);
    const started = Date.now();
    const refused = readAfter({ checkpoints, logEnd: logEnding(41), timeoutMs: 5000, logger })(request, reply);
    await expect(refused).rejects.toEqual(new HttpError(400, messages.readAfterBeyondLog));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(checkpoints.waiting).toBe(0);
  });

  it('answers what the read model has after the bound, for a position the log holds, saying so', async () => {
    const { request, reply, headers } = signedInRead(placed);
    await readAfter({ checkpoints: checkpointsAt(10), logEnd: logEnding(42), timeoutMs: 50, logger })(request, reply);
    expect(headers.get(READ_AFTER_SATISFIED_HEADER)).toBe('false');
  });
});
