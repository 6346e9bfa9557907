import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParamsSchema, paymentMessages, payOrderResponseSchema } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import { WebhookRefused, type PaymentNotice } from '@toolforge/platform/payments';
import { acknowledged } from '../shared/replies.js';
import type { CardPayments, PaymentPages } from './paymentPage.js';
import type { Payments } from './payments.js';

/** Where the provider posts its webhooks (configured in its dashboard; registered by a development host). */
export const WEBHOOK_PATH = '/payments/webhook';
/** The header the provider signs each webhook in. */
export const SIGNATURE_HEADER = 'stripe-signature';
/**
 * A webhook's body, kept as it arrived: its signature is over these bytes. The provider's events
 * are a few kilobytes; a larger body is refused (413) unread.
 */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const webhookReceivedSchema = z.object({ received: z.literal(true) });

export interface PaymentRoutesOptions {
  payments: Payments;
  pages: PaymentPages;
  /** Absent: the shop takes no card payments. */
  card: CardPayments | undefined;
}

/**
 * POST /payments/webhook: the provider tells the shop what was paid or declined (no bearer: its
 * signature says who sent it). POST /orders/:id/pay: a customer opens a new payment page for their
 * pending order.
 */
export async function paymentRoutes(scope: FastifyInstance, options: PaymentRoutesOptions) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  await app.register(webhookRoute, options);
  app.post(
    '/orders/:id/pay',
    { onRequest: app.authenticate, schema: { params: orderIdParamsSchema, response: { 200: payOrderResponseSchema } } },
    async (request) => {
      const order = options.payments.payableOrder(request.user.uid, request.params.id);
      return acknowledged({ payment: await options.pages.anotherFor(order, request) });
    },
  );
}

/**
 * The webhook, in a scope of its own: there alone a JSON body is kept as the raw bytes the signature
 * is over, not parsed (the signature is checked first, then the SDK parses it).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its route without awaiting anything
async function webhookRoute(scope: FastifyInstance, { payments, card }: PaymentRoutesOptions) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    WEBHOOK_PATH,
    {
      config: {
        docs: {
          headers: {
            [SIGNATURE_HEADER]: {
              description:
                'The provider’s signature of the body (t=…,v1=…, HMAC-SHA256 with the webhook’s signing secret): a webhook without a valid one is refused (400).',
              schema: z.string(),
            },
          },
        },
      },
      schema: { response: { 200: webhookReceivedSchema } },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      const signature = request.headers[SIGNATURE_HEADER];
      let notice: PaymentNotice;
      try {
        // Without payments there is no secret to check a signature against: nothing is signed for this shop.
        if (!card || !raw || typeof signature !== 'string') throw new WebhookRefused('no body or signature to check');
        notice = card.provider.readWebhook(raw, signature);
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        request.log.warn({ why: error.message }, 'refused a payment webhook');
        throw new HttpError(400, paymentMessages.badSignature);
      }
      if (notice.kind === 'ignored') return { received: true as const };
      const outcome = await payments.applyNotice(notice);
      const ids = {
        outcome,
        orderId: notice.orderId,
        paymentId: notice.paymentId,
        providerEventId: notice.eventId,
        ...(notice.kind === 'succeeded' && { amountCents: notice.amountCents, currency: notice.currency }),
      };
      // Money the shop took and cannot apply is the reconciliation's to report, and a person's to look at.
      if (outcome === 'unknown-order' || outcome === 'amount-mismatch') request.log.warn(ids, 'a payment webhook was not applied');
      else request.log.info(ids, 'applied a payment webhook');
      return { received: true as const };
    },
  );
}
