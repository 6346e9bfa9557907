import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  COMMAND_API_DESCRIPTION,
  COMMAND_BODY_LIMIT,
  WRITE_MODEL_LOAD_TIMEOUT,
  commandService,
  type CardPayments,
  type CommandServiceDeps,
} from '@toolforge/command-service';
import { LogEnd, type TrustProxy } from '@toolforge/platform';
import { InProcessCache } from '@toolforge/platform/cache';
import {
  SHOP_RATE_LIMITS,
  databaseAnswers,
  logAnswers,
  documented,
  HEALTH_TAG,
  healthRoutes,
  frameworkErrors,
  packageVersion,
  useApiDescription,
  useHttpHardening,
  type RateLimitRule,
  type RouteRateLimits,
} from '@toolforge/platform/http';
import type { IdentityProvider } from '@toolforge/platform/identity';
import type { AdminGrant, ForgetCustomer } from '@toolforge/platform/operatorSocket';
import type { PgliteEventLog } from '@toolforge/platform/pglite';
import { openVault, sealedLog, type PrivacySettings } from '@toolforge/platform/privacy';
import { CheckpointWaiter, type SqlExecutor } from '@toolforge/platform/sql';
import type { MailSettings } from '@toolforge/platform';
import {
  ONLY_PROCESS,
  Projector,
  bulkFirstBuild,
  openProjectorStore,
  operatorConsole,
  reportDeadLetters,
  startOrderEmails,
  type OrderEmails,
  type VerifySettings,
} from '@toolforge/projector';
import { QUERY_API_DESCRIPTION, queryService } from '@toolforge/query-service';
import { openReadModel, readModelHotAnswers } from '@toolforge/read-model';

export interface EmbeddedShopDeps {
  /** The read model's database: in `make start` a PGlite of its own beside the log's (host.ts). */
  sql: SqlExecutor;
  log: PgliteEventLog;
  identity: IdentityProvider;
  jwtSecret: string;
  adminEmails: readonly string[];
  /** Browser origins allowed to call the API (the web app). */
  origins: readonly string[];
  /** The commands' limits (RATE_LIMIT_LOGIN, RATE_LIMIT_ORDER); the defaults when not given. */
  rateLimits?: RouteRateLimits;
  /** The limit of each query route per caller (RATE_LIMIT_QUERY); none when not given. */
  queryRateLimit?: RateLimitRule;
  /** The limit of every other command per caller (RATE_LIMIT_COMMAND); none when not given. */
  commandRateLimit?: RateLimitRule;
  /** COMMAND_DEADLINE_MS and COMMAND_QUEUE_LIMIT: how long a command may wait for its turn, and how many may wait. */
  commandLimits?: CommandServiceDeps['limits'];
  logger?: FastifyServerOptions['logger'];
  /** TRUST_PROXY: whose X-Forwarded-For names the client (for the per-address limits). */
  trustProxy?: TrustProxy;
  /** RESERVATION_TTL in ms; its default when not given. */
  reservationTtlMs?: number;
  /** BULK_BUILD_FROM: from how many events in the log a read model that has applied none is built in bulk; its default when not given. */
  bulkBuildFrom?: number;
  /** Card payments (STRIPE_*): none when not given, orders are paid offline. */
  payments?: CardPayments;
  /** SELLER_*: who sells, on each invoice and credit note (the default seller when not given). */
  seller?: CommandServiceDeps['seller'];
  /** SMTP_URL, MAIL_FROM, SHOP_URL: the order e-mails (docs/documents.md); none are decided or sent when not given. */
  mail?: MailSettings;
  /** PRIVACY_MASTER_KEY and INVOICE_RETENTION_YEARS: the customers' data keys, in the read model's database (docs/privacy.md). */
  privacy: PrivacySettings;
  /** AUDIT_*: where the anchors are and the key to check them with, for the operator console's verification. */
  verify: VerifySettings;
}

export interface EmbeddedShop {
  /** Command and query routes on one instance, ready to listen or to inject into. */
  app: FastifyInstance;
  projector: Projector;
  /** The log as the shop reads it: its personal values opened, and sealed on the way in (docs/privacy.md). */
  log: PgliteEventLog;
  /** What the host serves on the operators' socket that only the command side may decide. */
  operations: { grantAdmin: AdminGrant; forgetCustomer: ForgetCustomer };
  close(): Promise<void>;
}

/**
 * The embedded default (docs/architecture.md#2-two-ways-to-run-same-code) in one process: the command side appends to the PGlite log, the
 * projector applies it to the read model (in a database of its own) and is woken by every append, and
 * the query side reads through an in-process cache. The read model is caught up before the routes
 * answer, so the first GET already shows everything the log holds.
 */
export async function composeEmbeddedShop(deps: EmbeddedShopDeps): Promise<EmbeddedShop> {
  // Everything of the shop reads and writes the log through the vault; the anchors sign the log as stored (host.ts).
  const { vault, keys } = await openVault(deps.sql, deps.privacy);
  const log = sealedLog(deps.log, vault);
  const store = await openProjectorStore(deps.sql);
  const readModel = await openReadModel(deps.sql);
  const cache = new InProcessCache();
  const app = Fastify({
    bodyLimit: COMMAND_BODY_LIMIT,
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    frameworkErrors,
    pluginTimeout: WRITE_MODEL_LOAD_TIMEOUT,
  });
  const projector = new Projector({ log, store, cache, hotAnswers: readModelHotAnswers(readModel), logger: app.log });
  const checkpoints = new CheckpointWaiter(readModel);
  projector.onCommitted(() => checkpoints.wake());
  await bulkFirstBuild({ log, sql: deps.sql, logger: app.log, from: deps.bulkBuildFrom });
  await projector.catchUp();
  await reportDeadLetters(store, app.log);
  // Bound to the log (its first start recorded) before the routes answer: an order placed from now on gets its e-mails.
  const emails: OrderEmails | undefined = deps.mail
    ? await startOrderEmails({ sql: deps.sql, log, mail: deps.mail, lock: ONLY_PROCESS, logger: app.log })
    : undefined;
  if (!deps.mail) app.log.info('order e-mails are off: SMTP_URL is not set');
  const stopWaking = log.onAppend((stored) => {
    projector.wake(stored);
    emails?.wake();
  });
  projector.start();

  // Handed over by the command side as its plugin starts: the grant and the erasure are decided by its one handler.
  const handed: { grantAdmin?: AdminGrant; forgetCustomer?: ForgetCustomer } = {};
  let operations: EmbeddedShop['operations'];
  try {
    await useHttpHardening(app, {
      origins: deps.origins,
      rateLimits: deps.rateLimits ?? SHOP_RATE_LIMITS,
      queryRateLimit: deps.queryRateLimit,
      commandRateLimit: deps.commandRateLimit,
    });
    // Before both sides' plugins: the one document collects the routes of each (apiDescription.ts).
    await useApiDescription(app, {
      version: packageVersion(import.meta.url),
      description: `The whole shop in one process. ${COMMAND_API_DESCRIPTION} ${QUERY_API_DESCRIPTION}`,
    });
    // One process: it is ready when its two databases answer (the log's writer is never fenced here).
    await app.register(documented({ tag: HEALTH_TAG }, healthRoutes), {
      checks: [logAnswers('the embedded log', log), databaseAnswers('the embedded read model', deps.sql)],
    });
    // The command plugin also answers unknown paths (its 404 handler serves the whole instance).
    await app.register(commandService, {
      log,
      identity: deps.identity,
      jwtSecret: deps.jwtSecret,
      adminEmails: deps.adminEmails,
      reservationTtlMs: deps.reservationTtlMs,
      limits: deps.commandLimits,
      payments: deps.payments,
      seller: deps.seller,
      onAdminGrant: (grant) => (handed.grantAdmin = grant),
      privacy: { keys, vault, invoiceRetentionYears: deps.privacy.invoiceRetentionYears },
      onErasure: (forget) => (handed.forgetCustomer = forget),
      readModel: deps.sql,
    });
    await app.register(queryService, {
      store: readModel,
      cache,
      jwtSecret: deps.jwtSecret,
      checkpoints,
      logEnd: new LogEnd(log),
      // One process: the query side reads an order's history from the same embedded log.
      eventsAt: log,
      idTokens: { identity: deps.identity, adminEmails: deps.adminEmails },
    });
    // The operator console (docs/operators.md#the-operator-console): the toolforge commands' own code on this shop's log and read model.
    await app.register(operatorConsole, {
      shop: { log, logDescription: 'the embedded log', readModel: deps.sql, readModelDescription: 'the embedded read model' },
      deadLetters: store,
      verify: deps.verify,
      jwtSecret: deps.jwtSecret,
      standings: readModel,
      idTokens: { identity: deps.identity, adminEmails: deps.adminEmails },
    });
    await app.ready();
    if (!handed.grantAdmin || !handed.forgetCustomer) throw new Error('the command side handed over no admin grant or no erasure');
    operations = { grantAdmin: handed.grantAdmin, forgetCustomer: handed.forgetCustomer };
  } catch (error) {
    stopWaking();
    await emails?.stop();
    await projector.stop();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    app,
    projector,
    log,
    operations,
    close() {
      closing ??= (async () => {
        // Stop taking requests first, then let the projector finish the batch in hand.
        await app.close();
        stopWaking();
        await emails?.stop();
        await projector.stop();
        await cache.close();
        await store.close();
      })();
      return closing;
    },
  };
}
