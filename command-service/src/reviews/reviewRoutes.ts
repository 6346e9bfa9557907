import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postReviewSchema, removeReviewSchema, reviewIdParamsSchema } from '@toolforge/contracts';
import { acknowledged, acknowledgementSchema } from '../shared/replies.js';
import type { Reviews } from './reviews.js';

/** A review posted or edited: without a position when it repeated the review as it stands. */
const postReviewResponseSchema = acknowledgementSchema.partial({ position: true }).extend({ reviewId: z.string() });

/**
 * POST /review: a signed-in customer reviews a product delivered to them (whether it was is decided
 * at the command's turn). DELETE /review/:id: an admin takes a review down, saying why.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function reviewRoutes(scope: FastifyInstance, { reviews }: { reviews: Reviews }) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/review',
    { onRequest: app.authenticate, schema: { body: postReviewSchema, response: { 200: postReviewResponseSchema } } },
    async (request) => acknowledged(await reviews.postReview(request.user.uid, request.body)),
  );
  app.delete(
    '/review/:id',
    {
      onRequest: app.requireAdmin,
      schema: { params: reviewIdParamsSchema, body: removeReviewSchema, response: { 200: acknowledgementSchema } },
    },
    async (request) => acknowledged(await reviews.removeReview(request.user.uid, request.params.id, request.body.reason)),
  );
}
