import type { FastifyError, FastifyInstance } from 'fastify';
import type { Logger } from '@toolforge/platform';

/** Stripe's kinds of error, as its `error.type` says; the SDK picks its error class by status and type. */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error';

/** What Stripe answers a request it refuses: `{ error: { type, message, code?, param? } }`. */
export interface StripeErrorBody {
  error: { type: StripeErrorType; message: string; code?: string; param?: string };
}

/** A refusal in Stripe's shape: thrown anywhere under a route, answered by the error handler below. */
export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: StripeErrorType,
    message: string,
    readonly details: { code?: string; param?: string } = {},
  ) {
    super(message);
  }

  body(): StripeErrorBody {
    return { error: { type: this.type, message: this.message, ...this.details } };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, { ...(code ? { code } : {}), ...(param ? { param } : {}) });

/** An object named in the path that does not exist (404); one named in a body parameter is a 400 with the same code, as on Stripe. */
export const resourceMissing = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

/**
 * Every answer of the provider that is no page is Stripe's error shape: its own refusals as they
 * are, Fastify's (a body too large, a content type it does not read, unreadable JSON) with their
 * status, anything else a 500 api_error that is logged.
 */
export function answerErrorsAsStripe(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error: FastifyError | StripeApiError, request, reply) => {
    if (error instanceof StripeApiError) return reply.status(error.statusCode).send(error.body());
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(invalidRequest(error.message).body());
    }
    logger.error({ err: error, url: request.url }, 'the local payment provider failed a request');
    return reply.status(500).send(new StripeApiError(500, 'api_error', 'An unknown error occurred').body());
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
        ).body(),
      ),
  );
}
