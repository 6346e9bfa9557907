import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEFAULT_RESERVATION_TTL_MS, IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@toolforge/contracts';
import { isTheWriter, sessionIsCurrent, type EventLog, type LogWriterStatus } from '@toolforge/platform';
import {
  API_TAGS,
  apiTokens,
  documented,
  frameworkErrors,
  healthRoutes,
  packageVersion,
  useApiDescription,
  useErrorReplies,
  useHttpHardening,
  useZodSchemas,
  type HttpHardeningOptions,
  type ReadinessCheck,
} from '@toolforge/platform/http';
import { VerifiedIdTokens, letInByProvider, type IdentityProvider } from '@toolforge/platform/identity';
import type { AdminGrant } from '@toolforge/platform/operatorSocket';
import { Catalogue, productStates } from './catalog/catalogue.js';
import { productRoutes } from './catalog/productRoutes.js';
import { AccountStates } from './identity/accountStates.js';
import { Accounts } from './identity/accounts.js';
import { commandIdTokenCaller } from './identity/idTokenCallers.js';
import { identityRoutes } from './identity/identityRoutes.js';
import { operatorAdminGrant } from './identity/operatorGrant.js';
import { orderRoutes } from './orders/orderRoutes.js';
import { Orders } from './orders/orders.js';
import { orderStates } from './orders/orderStates.js';
import { OrderReceipts } from './orders/receipts.js';
import { ReservationQueue } from './orders/reservationQueue.js';
import { ReservationSweeper } from './orders/reservationSweeper.js';
import { DeliveredPurchases } from './reviews/deliveredPurchases.js';
import { reviewRoutes } from './reviews/reviewRoutes.js';
import { ReviewStates } from './reviews/reviewStates.js';
import { Reviews } from './reviews/reviews.js';
import { CommandHandler } from './shared/commandHandler.js';
import type { CommandQueueLimits } from './shared/commandQueue.js';
import { translateRejection } from './shared/replies.js';
import { WriteModel } from './shared/writeModel.js';

export interface CommandServiceDeps {
  log: EventLog;
  identity: IdentityProvider;
  jwtSecret: string;
  /** ADMIN_EMAILS: accounts that are admins from their first (verified) sign-in. */
  adminEmails: readonly string[];
  clock?: () => Date;
  newId?: () => string;
  /** COMMAND_DEADLINE_MS and COMMAND_QUEUE_LIMIT: how long a command may wait for its turn, how many may wait. */
  limits?: CommandQueueLimits;
  /** Whether this process is still the log's writer (the Kafka log can lose that role; the embedded one cannot). */
  writer?: LogWriterStatus;
  /** RESERVATION_TTL in ms: an order still pending and unpaid this long after it was placed is cancelled by the shop. */
  reservationTtlMs?: number;
  /**
   * Called once when the writer role is lost (fenced by a newer instance, or a commit of unknown
   * outcome): the process should finish the requests in hand and end, so that a supervisor starts
   * a fresh one, which reads the log again.
   */
  onWriterLost?: (reason: string) => void;
  /**
   * Handed the operator's break-glass admin grant once the write model is built: the embedded host
   * serves it on the operators' socket in DATA_DIR (services mode has no such socket yet).
   */
  onAdminGrant?: (grant: AdminGrant) => void;
}

/**
 * Fastify's bound on a plugin's start (10 s by default) would fail the command service on a large
 * log: its plugin reads the whole log into the write model first (about a million order events in
 * ten seconds on two cores). Off: a process that cannot read the log fails on the read's own error.
 */
export const WRITE_MODEL_LOAD_TIMEOUT = 0;

/** Request bodies of this API are small forms; anything larger is refused (413) unread. */
export const COMMAND_BODY_LIMIT = 64 * 1024;

/**
 * The command side as a Fastify plugin: it rebuilds its write model from the log, then serves the
 * command routes. Encapsulated, so the embedded host can mount it beside the query side.
 */
export async function commandService(app: FastifyInstance, deps: CommandServiceDeps): Promise<void> {
  // The write model: each feature's states, rebuilt from the log before the first command.
  const orderStatesById = orderStates();
  const products = productStates(orderStatesById);
  const accountStates = new AccountStates();
  const receipts = new OrderReceipts();
  const reservations = new ReservationQueue(orderStatesById);
  const reviewStates = new ReviewStates();
  const delivered = new DeliveredPurchases(orderStatesById);
  const model = new WriteModel([orderStatesById, products, accountStates, receipts, reservations, reviewStates, delivered], app.log);
  await model.catchUp(deps.log);

  const clock = deps.clock ?? (() => new Date());
  const handler = new CommandHandler({ log: deps.log, model, clock, newId: deps.newId, limits: deps.limits });
  const catalogue = new Catalogue({ handler, products });
  const accounts = new Accounts({
    handler,
    model,
    states: accountStates,
    policy: { adminEmails: new Set(deps.adminEmails.map((email) => email.trim().toLowerCase()).filter(Boolean)) },
  });
  deps.onAdminGrant?.(operatorAdminGrant(accounts));
  const orders = new Orders({
    handler,
    products,
    orders: orderStatesById,
    receipts,
    customerName: (uid) => accountStates.get(uid)?.name ?? '',
    isAdmin: (uid) => accountStates.isAdmin(uid),
    isVerified: (uid) => accountStates.get(uid)?.emailVerified ?? false,
  });
  const reviews = new Reviews({
    handler,
    products,
    reviews: reviewStates,
    delivered,
    customerName: (uid) => accountStates.get(uid)?.name ?? '',
  });
  if (deps.writer && deps.onWriterLost) {
    const unsubscribe = deps.writer.onWriterLost(deps.onWriterLost);
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or takes done()
    app.addHook('onClose', async () => unsubscribe());
  }

  // The shop's own command: reservations that ran out unpaid, cancelled by this (the one) writer.
  const sweeper = new ReservationSweeper({
    orders,
    queue: reservations,
    ttlMs: deps.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS,
    clock,
    writer: deps.writer,
    logger: app.log,
  });
  // Once the service is ready: an instance that fails to start never decides anything.
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or takes done()
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', () => sweeper.stop());

  useZodSchemas(app);
  useErrorReplies(app, translateRejection);
  // The role and the session are the log's current word, not the token's: a grant, a revocation
  // and a logout take effect on the next request.
  // The identity provider's ID tokens are taken as well as API tokens (the spec's client sends them).
  const idTokens = new VerifiedIdTokens(deps.identity);
  await app.register(apiTokens, {
    secret: deps.jwtSecret,
    isAdmin: (caller) => accountStates.isAdmin(caller.uid),
    isSessionCurrent: (caller) => sessionIsCurrent(caller, accounts.standing(caller.uid)),
    isLetInByProvider: letInByProvider(deps.identity, app),
    idTokenCaller: commandIdTokenCaller(accounts, accountStates, idTokens),
  });
  await app.register(documented({ tag: API_TAGS.accounts }, identityRoutes), { accounts, identity: deps.identity });
  await app.register(documented({ tag: API_TAGS.catalogue }, productRoutes), { catalogue });
  await app.register(documented({ tag: API_TAGS.orders, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyDoc } }, orderRoutes), {
    orders,
  });
  await app.register(documented({ tag: API_TAGS.reviews }, reviewRoutes), { reviews });
}

/** Every order command takes one (the README's API tables): a network retry must not order twice. */
const idempotencyKeyDoc = {
  description:
    'Optional: a key the client makes for one command (the web sends a UUID). A retry with the same key answers the first outcome instead of acting twice; the same key with another command is refused (422).',
  schema: idempotencyKeySchema,
};

/** What the API description of a command service alone says it serves. */
export const COMMAND_API_DESCRIPTION = 'The command side of the shop: sign-in, and the commands that change the catalogue and the orders.';

/**
 * A standalone command service (services mode, and tests through app.inject), with /health and
 * /ready. With `hardening`, the instance gets security headers, CORS for the web and the rate
 * limits, as the embedded host does.
 */
export async function buildCommandService(
  deps: CommandServiceDeps,
  options: FastifyServerOptions & { hardening?: HttpHardeningOptions; readiness?: readonly ReadinessCheck[] } = {},
): Promise<FastifyInstance> {
  const { hardening, readiness = [], ...serverOptions } = options;
  const app = Fastify({ bodyLimit: COMMAND_BODY_LIMIT, frameworkErrors, pluginTimeout: WRITE_MODEL_LOAD_TIMEOUT, ...serverOptions });
  if (hardening) await useHttpHardening(app, hardening);
  await useApiDescription(app, { version: packageVersion(import.meta.url), description: COMMAND_API_DESCRIPTION });
  // Ready: the log answers and this process is still its writer.
  await app.register(documented({ tag: API_TAGS.health }, healthRoutes), {
    checks: deps.writer ? [...readiness, isTheWriter(deps.writer)] : readiness,
  });
  await app.register(commandService, deps);
  return app;
}
