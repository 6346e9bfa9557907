import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEAD_LETTER_PATHS,
  TOPICS,
  deadLetterDecisionSchema,
  deadLetterMessages,
  formatPosition,
  type DeadLetterAction,
} from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import { deadLetterAt, type SqlQueryable } from '@toolforge/platform/sql';
import { appendedAt, type CommandHandler } from '../shared/commandHandler.js';
import { acknowledged, acknowledgementSchema } from '../shared/replies.js';
import { decideOnDeadLetter } from './decide.js';

export interface DeadLetterRouteOptions {
  handler: CommandHandler;
  /** The read model's database, where the projector keeps its dead letters. */
  readModel: SqlQueryable;
}

/**
 * POST /operator/dead-letters/retry and /skip: an admin has the projector apply a dead letter's
 * event again, or leave it out for good, saying why (docs/projector.md#dead-letters-retried-or-skipped).
 * Accepted (202) once the decision is in the log; the projector acts on it. A letter the read model
 * does not hold (never set aside, or retried or skipped since) is not found (404). A retry of a
 * letter already retried is harmless: the projector finds it gone and applies nothing.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function deadLetterRoutes(scope: FastifyInstance, { handler, readModel }: DeadLetterRouteOptions) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  for (const action of ['retry', 'skip'] as const satisfies readonly DeadLetterAction[]) {
    app.post(
      DEAD_LETTER_PATHS[action],
      { onRequest: app.requireAdmin, schema: { body: deadLetterDecisionSchema, response: { 202: acknowledgementSchema } } },
      async (request, reply) => {
        const { reason, ...position } = request.body;
        const letter = await deadLetterAt(readModel, position);
        if (!letter) throw new HttpError(404, deadLetterMessages.notFound);
        // Each letter's decisions are one stream of the operators' topic, keyed by where the letter's event sits.
        const stream = { topic: TOPICS.operations, streamId: formatPosition(position), state: () => letter };
        const handled = await handler.handle(stream, () => decideOnDeadLetter({ action, letter, by: request.user.uid, reason }), {
          actor: request.user.uid,
        });
        reply.code(202);
        return acknowledged({ position: appendedAt(handled) });
      },
    );
  }
}
