import type { FastifyInstance } from 'fastify';
import { reviewsQuerySchema } from '@toolforge/contracts';
import type { ZodTypeProvider } from '@toolforge/platform/http';
import type { CachedReads } from '../cachedReads.js';
import { sendAnswer } from '../http/sendAnswer.js';
import { REVIEWS_AREA, reviewKeys, reviewReads, type ReviewReader } from '@toolforge/read-model';
import { latestReviewsSchema, reviewsPageSchema } from './schemas.js';

export interface ReviewRouteOptions {
  store: ReviewReader;
  reads: CachedReads;
}

/**
 * GET /reviews?productId&page&size (a product's reviews, newest first) and GET /latestreviews (the
 * home page's newest). Public, as /homeproducts is: a review is the shop's word to every visitor,
 * and it shows its customer's display name only, never their uid or email.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function reviewRoutes(parent: FastifyInstance, { store, reads }: ReviewRouteOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const reviews = <T>(key: string, fresh: boolean, load: () => Promise<T>) => reads.read(REVIEWS_AREA, key, load, { fresh });

  app.get('/reviews', { schema: { querystring: reviewsQuerySchema, response: { 200: reviewsPageSchema } } }, async (request, reply) => {
    const { productId, page, size } = request.query;
    return sendAnswer(
      reply,
      await reviews(reviewKeys.page(productId, page, size), request.readFresh, () => reviewReads.page(store, productId, page, size)),
    );
  });

  app.get('/latestreviews', { schema: { response: { 200: latestReviewsSchema } } }, async (request, reply) =>
    sendAnswer(reply, await reviews(reviewKeys.latest, request.readFresh, () => reviewReads.latest(store))),
  );
}
