import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { ApiError } from '@toolforge/contracts';

/** A refusal the service means to send: its status and the message the user reads. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function sendError(reply: FastifyReply, statusCode: number, message: string, fields?: Record<string, string>) {
  const body: ApiError = { statusCode, error: REASONS[statusCode] ?? 'Error', message };
  if (fields) body.fields = fields;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Every message of a rejected body, by field path, first message per field. */
function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * docs/architecture.md#8-bad-input-and-errors: every failure answers `{ statusCode, error, message }`; bad input is a 4xx with the
 * spec's message, and a 5xx never shows its cause (it is logged instead). `translate` turns a
 * service's own refusals (a decider's rejection, say) into the HttpError they mean.
 */
export function useErrorReplies(
  app: FastifyInstance,
  translate: (error: unknown) => HttpError | undefined = () => undefined,
  options: { notFound?: boolean } = {},
): void {
  app.setErrorHandler((thrown: FastifyError | z.ZodError | HttpError, request, reply) => {
    const error = translate(thrown) ?? thrown;
    if (error instanceof z.ZodError) {
      const fields = fieldMessages(error);
      return sendError(reply, 400, error.issues[0]?.message ?? 'Invalid request', fields);
    }
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message);
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return sendError(reply, statusCode, clientMessage(error));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, statusCode >= 500 && statusCode < 600 ? statusCode : 500, 'Something went wrong on our side');
  });
  if (options.notFound ?? true) useNotFoundReply(app);
}

/**
 * Unknown paths answer 404 in the same shape. Fastify keeps one such handler per path prefix for
 * the whole server, so when several plugins share one instance only one of them sets it.
 */
export function useNotFoundReply(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, 'Not Found'));
}

/**
 * What Fastify refuses before any route, hook or error handler runs (a path that is not valid
 * percent-encoding, say) answers in the same shape as everything else, not with Fastify's own.
 * Pass it to every `Fastify({...})` that serves the shop.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  sendError(reply, statusCode, clientMessage(error));
};

/** Fastify's own 4xx texts name internals now and then; these read better. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_BAD_URL':
      return 'The request path is not valid';
    default:
      return error.message;
  }
}
