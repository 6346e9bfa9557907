import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { isTheWriter, type EventLog, type LogWriterStatus } from '@toolforge/platform';
import {
  documented,
  frameworkErrors,
  HEALTH_TAG,
  healthRoutes,
  packageVersion,
  useApiDescription,
  useErrorReplies,
  useHttpHardening,
  useZodSchemas,
  type HttpHardeningOptions,
  type ReadinessCheck,
} from '@toolforge/platform/http';
import type { IdentityProvider } from '@toolforge/platform/identity';
import type { SellerBlock } from '@toolforge/contracts';
import type { AdminGrant, ForgetCustomer } from '@toolforge/platform/operatorSocket';
import type { SqlQueryable } from '@toolforge/platform/sql';
import { cart } from './cart/feature.js';
import { catalog } from './catalog/feature.js';
import { documents } from './documents/feature.js';
import { identity } from './identity/feature.js';
import { mail } from './mail/feature.js';
import { operations } from './operations/feature.js';
import { orders } from './orders/feature.js';
import { payments } from './payments/feature.js';
import { privacy } from './privacy/feature.js';
import type { PrivacyDeps } from './privacy/erasure.js';
import type { CardPayments } from './payments/paymentPage.js';
import { reviews } from './reviews/feature.js';
import { CommandHandler } from './shared/commandHandler.js';
import type { CommandQueueLimits } from './shared/commandQueue.js';
import { featureStates, type CommandFeature } from './shared/feature.js';
import { translateRejection } from './shared/replies.js';
import { WriteModel } from './shared/writeModel.js';

/**
 * The command side's features, in the order their routes are served: identity first, its API
 * tokens guarding the routes of the others. A new feature is one more line here.
 */
export const COMMAND_FEATURES: readonly CommandFeature<unknown>[] = [
  identity,
  catalog,
  orders,
  reviews,
  cart,
  payments,
  documents,
  mail,
  privacy,
  operations,
];

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
  /**
   * Card payments (STRIPE_SECRET_KEY and its settings): the provider, as the identity provider is,
   * a dependency the host builds (cardPaymentsOf). Absent: no card payments, orders are paid offline.
   */
  payments?: CardPayments;
  /** SELLER_*: who sells, as each invoice and credit note states it when issued; the default seller (DEFAULT_SELLER_NAME, no address) when not given. */
  seller?: SellerBlock;
  /**
   * The customers' key store, and the vault that seals `log`'s events with it (docs/privacy.md): every
   * host of the shop gives it; without it, no erasure is served.
   */
  privacy?: PrivacyDeps;
  /**
   * The read model's database (embedded, its PGlite; beside Kafka, DATABASE_URL's): the admins'
   * retries and skips of dead letters are decided on the letters it holds. Without it, none is served.
   */
  readModel?: SqlQueryable;
  /** Handed the operator's erasure once the write model is built: `toolforge forget customer` reaches it on the host's operators' socket. */
  onErasure?: (forget: ForgetCustomer) => void;
}

/**
 * Fastify's bound on a plugin's start (10 s by default) would fail the command service on a large
 * log: its plugin reads the whole log into the write model first, which a large log makes longer than
 * that bound. Off: a process that cannot read the log fails on the read's own error.
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
  const { need, parts } = featureStates(COMMAND_FEATURES);
  const model = new WriteModel(parts, app.log);
  await model.catchUp(deps.log);

  const clock = deps.clock ?? (() => new Date());
  const handler = new CommandHandler({ log: deps.log, model, clock, newId: deps.newId, limits: deps.limits });
  if (deps.writer && deps.onWriterLost) {
    const unsubscribe = deps.writer.onWriterLost(deps.onWriterLost);
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or takes done()
    app.addHook('onClose', async () => unsubscribe());
  }

  useZodSchemas(app);
  useErrorReplies(app, translateRejection);
  for (const feature of COMMAND_FEATURES) await feature.serve({ app, deps, handler, model, clock, states: need(feature), need });
}

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
  await app.register(documented({ tag: HEALTH_TAG }, healthRoutes), {
    checks: deps.writer ? [...readiness, isTheWriter(deps.writer)] : readiness,
  });
  await app.register(commandService, deps);
  return app;
}
