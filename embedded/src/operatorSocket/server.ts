import { chmod, rm } from 'node:fs/promises';
import Fastify, { type FastifyError } from 'fastify';
import { useZodSchemas, type ZodTypeProvider } from '@toolforge/platform/http';
import {
  MAX_SOCKET_PATH_BYTES,
  MAX_SQL_ANSWER_BYTES,
  MAX_SQL_ROWS,
  OPERATOR_ROUTES,
  endOffsetsRequestSchema,
  forgetCustomerRequestSchema,
  grantAdminRequestSchema,
  identifyRequestSchema,
  operatorSocketPath,
  pageRequestSchema,
  partitionsRequestSchema,
  socketPathFits,
  sqlRequestSchema,
  type AdminGrant,
  type ForgetCustomer,
  type OperatorSocketError,
} from '@toolforge/platform/operatorSocket';
import type { PGlite, PgliteEventLog } from '@toolforge/platform/pglite';

export interface OperatorSocket {
  readonly path: string;
  close(): Promise<void>;
}

/** A SQL answer over the bounds of protocol.ts: refused whole rather than cut short, which would mislead an audit. */
class AnswerTooLarge extends Error {
  readonly statusCode = 413;
}

/**
 * The running embedded shop serving the operators' tool (docs/operators.md): PGlite's files are one
 * process's at a time, so the tool reads the log and the read model through the process that holds
 * them. The socket is in the data dir, owner only (mode 0600): the same trust as reading the data
 * files. Call it with the data dir's lock held: a socket file already there is one a killed shop
 * left behind, and it is replaced.
 */
export async function serveOperatorSocket(deps: {
  dataDir: string;
  readModel: PGlite;
  log: PgliteEventLog;
  /** The command side's break-glass grant: its route is served only with it (docs/operators.md). */
  grantAdmin?: AdminGrant;
  /** The command side's erasure of a customer (docs/privacy.md): its route is served only with it. */
  forgetCustomer?: ForgetCustomer;
}): Promise<OperatorSocket> {
  const path = operatorSocketPath(deps.dataDir);
  if (!socketPathFits(path)) {
    throw new Error(`${path} is longer than a Unix socket path may be (${MAX_SOCKET_PATH_BYTES} bytes): set DATA_DIR to a shorter path`);
  }
  await rm(path, { force: true });
  const pages = deps.log.pagesAsWritten();
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  useZodSchemas(app);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const body: OperatorSocketError = { error: error.message, ...(isSqlState(error.code) ? { code: error.code } : {}) };
    // A statement PostgreSQL refused is the caller's doing (a write in a read-only transaction: 25006).
    const status = error.statusCode ?? (body.code ? 400 : 500);
    return reply.status(status).send(body);
  });

  app.post(OPERATOR_ROUTES.partitions, { schema: { body: partitionsRequestSchema } }, async (request) => ({
    partitions: await pages.partitionsToRead(request.body.topic, request.body.stream),
  }));
  app.post(OPERATOR_ROUTES.page, { schema: { body: pageRequestSchema } }, async (request) => {
    const { topic, partition, fromOffset, limit, stream } = request.body;
    return { events: await pages.readPage(topic, partition, fromOffset, limit, stream) };
  });
  app.post(OPERATOR_ROUTES.endOffsets, { schema: { body: endOffsetsRequestSchema } }, async (request) => ({
    ends: [...(await deps.log.endOffsets(request.body.topic))],
  }));
  app.post(OPERATOR_ROUTES.identify, { schema: { body: identifyRequestSchema } }, () => deps.log.identify());
  app.post(OPERATOR_ROUTES.sql, { schema: { body: sqlRequestSchema } }, async (request, reply) => {
    const rows = await readOnly(deps.readModel, request.body.sql, request.body.params);
    if (rows.length > MAX_SQL_ROWS) throw new AnswerTooLarge(`the answer holds ${rows.length} rows, more than ${MAX_SQL_ROWS}`);
    const body = JSON.stringify({ rows });
    if (Buffer.byteLength(body) > MAX_SQL_ANSWER_BYTES) throw new AnswerTooLarge(`the answer is over ${MAX_SQL_ANSWER_BYTES} bytes`);
    return reply.type('application/json').send(body);
  });
  const { grantAdmin } = deps;
  if (grantAdmin)
    app.post(OPERATOR_ROUTES.grantAdmin, { schema: { body: grantAdminRequestSchema } }, (request) => grantAdmin(request.body));
  const { forgetCustomer } = deps;
  if (forgetCustomer)
    app.post(OPERATOR_ROUTES.forgetCustomer, { schema: { body: forgetCustomerRequestSchema } }, (request) => forgetCustomer(request.body));

  await app.listen({ path });
  try {
    await chmod(path, 0o600);
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    path,
    async close() {
      await app.close();
      await rm(path, { force: true });
    },
  };
}

/**
 * One statement in a read-only transaction (PostgreSQL refuses any write in it), rolled back after
 * it: a setting it changed (set_config) does not outlive it in the shop's one connection. PGlite
 * queues the shop's own statements behind it meanwhile.
 */
async function readOnly(db: PGlite, sql: string, params: readonly unknown[]): Promise<unknown[]> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction read only');
    const result = await tx.query(sql, [...params]);
    await tx.rollback();
    return result.rows;
  });
}

function isSqlState(code: unknown): code is string {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
