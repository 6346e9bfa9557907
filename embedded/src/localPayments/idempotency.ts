import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StripeApiError, invalidRequest } from './errors.js';

/** A POST answered under an Idempotency-Key: what a retry with the same key and the same request gets again. */
export interface IdempotentAnswer {
  key: string;
  /** The request's method, path and body, hashed: the same key with another request is refused. */
  fingerprint: string;
  statusCode: number;
  body: string;
  /** When it was answered (ms): Stripe keeps a key 24 hours. */
  at: number;
}

const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

/**
 * Stripe's idempotent requests: a POST with an `Idempotency-Key` that succeeded is answered again,
 * as it was, to a retry with the same key and the same request (with `Idempotent-Replayed: true`);
 * the same key with another request is refused (400 idempotency_error), and while the first is
 * still under way a second waits for nothing: 409. A refusal is not kept, so a corrected retry
 * runs; the shop's refunds are keyed `refund-<payment id>` and rely on this to refund once.
 */
export class IdempotencyKeys {
  private readonly answers = new Map<string, IdempotentAnswer>();
  private readonly underWay = new Set<string>();

  constructor(
    answers: readonly IdempotentAnswer[],
    private readonly changed: () => void,
  ) {
    for (const answer of answers) this.answers.set(answer.key, answer);
  }

  snapshot(): IdempotentAnswer[] {
    const oldest = Date.now() - KEEP_MS;
    return [...this.answers.values()].filter((answer) => answer.at >= oldest);
  }

  /** The POST routes registered on `app` after this honour Idempotency-Key. */
  register(app: FastifyInstance): void {
    const requests = new WeakMap<FastifyRequest, { key: string; fingerprint: string }>();

    app.addHook('preHandler', async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || typeof key !== 'string' || key === '') return;
      if (key.length > MAX_KEY_LENGTH) throw invalidRequest(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters.`);
      const fingerprint = createHash('sha256')
        .update(
          `${request.method} ${request.url}\n${typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? null)}`,
        )
        .digest('hex');
      const kept = this.answers.get(key);
      if (kept && kept.at >= Date.now() - KEEP_MS) {
        if (kept.fingerprint !== fingerprint) {
          throw new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        }
        return reply
          .status(kept.statusCode)
          .header('idempotent-replayed', 'true')
          .header('idempotency-key', key)
          .type('application/json')
          .send(kept.body);
      }
      if (this.underWay.has(key)) {
        throw new StripeApiError(
          409,
          'invalid_request_error',
          `There is currently another in-progress request using this Idempotent Key: ${key}.`,
          {
            code: 'idempotency_key_in_use',
          },
        );
      }
      this.underWay.add(key);
      requests.set(request, { key, fingerprint });
      reply.header('idempotency-key', key);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const pending = requests.get(request);
      if (pending && reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        this.answers.set(pending.key, { ...pending, statusCode: reply.statusCode, body: payload, at: Date.now() });
        this.changed();
      }
      return payload;
    });

    const finished = (request: FastifyRequest) => {
      const pending = requests.get(request);
      if (pending) this.underWay.delete(pending.key);
    };
    app.addHook('onResponse', (request, _reply, done) => {
      finished(request);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      finished(request);
      done();
    });
  }
}
