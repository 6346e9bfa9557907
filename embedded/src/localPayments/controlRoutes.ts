import type { FastifyInstance } from 'fastify';
import { invalidRequest } from './errors.js';
import type { LocalLedger } from './ledger.js';
import { MAX_AMOUNT } from './params.js';

/** What /_local/health answers: how the scripts tell this provider from anything else on its port. */
export const HEALTH = { ok: true, provider: 'toolforge-local-payments' } as const;

/**
 * Test-only controls under `/_local/` (docs/payments.md#control-routes), without the secret key: the
 * provider is for development and tests only and listens on 127.0.0.1. `tamper` makes the ledger say
 * another amount was captured, which the reconciliation (`toolforge audit payments`) must report.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function controlRoutes(app: FastifyInstance, deps: { ledger: LocalLedger }): Promise<void> {
  app.get('/_local/health', () => HEALTH);

  app.post<{ Params: { id: string }; Body: unknown }>('/_local/payment_intents/:id/tamper', (request) => {
    const body = request.body;
    const amount = typeof body === 'object' && body !== null && 'amount_received' in body ? body.amount_received : undefined;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || amount > MAX_AMOUNT) {
      throw invalidRequest(`amount_received must be a whole number of minor units from 0 to ${MAX_AMOUNT}`, 'amount_received');
    }
    return deps.ledger.tamper(request.params.id, amount);
  });
}
