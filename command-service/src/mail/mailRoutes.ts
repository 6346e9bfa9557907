import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TOPICS, orderIdParamsSchema, resendOrderEmailSchema } from '@toolforge/contracts';
import { appendedAt, streamOf, type CommandHandler } from '../shared/commandHandler.js';
import { acknowledged, acknowledgementSchema } from '../shared/replies.js';
import { decideResend } from './decide.js';
import type { EmailGrounds } from './emailGrounds.js';

/**
 * POST /orders/:id/emails: an admin has one of the order's e-mails sent again (docs/documents.md),
 * say to a customer who lost it. Accepted (202): the event is in the log, the outbox sends the
 * message after it.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its route without awaiting anything
export async function mailRoutes(scope: FastifyInstance, { handler, grounds }: { handler: CommandHandler; grounds: EmailGrounds }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/orders/:id/emails',
    {
      onRequest: app.requireAdmin,
      schema: { params: orderIdParamsSchema, body: resendOrderEmailSchema, response: { 202: acknowledgementSchema } },
    },
    async (request, reply) => {
      const orderId = request.params.id;
      const { email } = request.body;
      const handled = await handler.handle(streamOf(TOPICS.orders, orderId, grounds), (order) => decideResend({ orderId, email }, order), {
        actor: request.user.uid,
      });
      reply.code(202);
      return acknowledged({ position: appendedAt(handled) });
    },
  );
}
