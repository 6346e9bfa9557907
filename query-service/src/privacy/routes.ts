import type { FastifyInstance } from 'fastify';
import { PRIVACY_PATHS, type MyDataResponse, type OrderDto } from '@toolforge/contracts';
import { composeOrderEmail, type OrderEmailFacts } from '@toolforge/documents';
import type { ZodTypeProvider } from '@toolforge/platform/http';
import { toReviewDto, type OrderReader, type PrivacyReader, type ReviewReader } from '@toolforge/read-model';
import { myDataSchema } from './schemas.js';

export interface PrivacyRouteOptions {
  store: PrivacyReader & OrderReader & ReviewReader;
}

/** The file a browser saves the answer as. */
export const MY_DATA_FILE_NAME = 'toolforge-my-data.json';

/**
 * GET /me/data, the right of access: everything the shop holds about the caller (the uid is the
 * token's, never the request's), as one JSON document to keep. Their orders are exactly GET
 * /orders/:uid's answer, read by the same read; their reviews, every one they wrote; the e-mails
 * decided for their orders, with the subject each had. Never cached, here or on the way: it is
 * one person's, asked for rarely, and must tell what the shop holds now.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function privacyRoutes(parent: FastifyInstance, { store }: PrivacyRouteOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    PRIVACY_PATHS.data,
    {
      onRequest: app.authenticate,
      schema: {
        description: `Everything the shop holds about the caller, as one JSON document (saved as ${MY_DATA_FILE_NAME}, never kept by a cache): their account as last signed in (null before), their orders as GET /orders/{uid} answers them, every review they wrote (one taken down too), and the order e-mails decided for them, with their state.`,
        response: { 200: myDataSchema },
      },
    },
    async (request, reply): Promise<MyDataResponse> => {
      const { uid } = request.user;
      const [profile, orders, reviews, emails] = await Promise.all([
        store.accountProfile(uid),
        store.orderListOfUser(uid),
        store.reviewsBy(uid),
        store.emailsOfCustomer(uid),
      ]);
      void reply.header('content-disposition', `attachment; filename="${MY_DATA_FILE_NAME}"`).header('cache-control', 'no-store');
      return {
        exportedAt: new Date().toISOString(),
        profile,
        // The list as the database writes it for GET /orders/:uid (orderReads.ts), read back to go in this document.
        orders: JSON.parse(orders) as OrderDto[],
        reviews: reviews.map(toReviewDto),
        emails: emails.map(({ facts, ...email }) => ({ ...email, subject: composeOrderEmail(facts as OrderEmailFacts).subject })),
      };
    },
  );
}
