import { Agent, request } from 'node:http';
import type { Topic } from '@toolforge/contracts';
import { readOnlyLog, SHOP_UPCASTERS, type UpcastOptions } from '@toolforge/platform';
import type { EventLog, StoredEvent, LogEndSource, PartitionedLog } from '@toolforge/platform';
import {
  OPERATOR_ROUTES,
  operatorSocketPath,
  socketPathFits,
  type ForgetCustomerRequest,
  type ForgottenCustomer,
  type GrantAdminRequest,
  type GrantedAdmin,
  type OperatorSocketError,
  type PageRequest,
  type SqlRequest,
} from '@toolforge/platform/operatorSocket';
import type { IdentifiedLog, LogIdentity, SqlExecutor, SqlResult } from '@toolforge/platform/sql';

/** The running shop refused or failed a request: the message is its own, with PostgreSQL's SQLSTATE when it has one. */
export class OperatorSocketRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'OperatorSocketRefusal';
  }
}

/** The socket could not be reached, or stopped answering: the shop is not running, or stopped meanwhile. */
export class OperatorSocketUnreachable extends Error {
  constructor(
    readonly path: string,
    readonly code: string | undefined,
    detail: string,
  ) {
    super(`nothing answers on ${path} (${detail}): has the shop stopped?`);
    this.name = 'OperatorSocketUnreachable';
  }
}

/** The log and read model of a running embedded shop, read through its socket; nothing here writes. */
export interface RunningShopReader {
  readonly log: EventLog & LogEndSource & IdentifiedLog;
  /** Read-only statements; `transaction` is refused, since only a writer needs one. */
  readonly readModel: SqlExecutor;
  /** The socket's path, for messages. */
  readonly path: string;
  close(): Promise<void>;
}

/**
 * Connects to the operators' socket of the shop running on `dataDir`, or answers undefined when
 * nothing answers there (no socket file, or one a killed shop left behind).
 */
export async function connectToRunningShop(dataDir: string, options: UpcastOptions = {}): Promise<RunningShopReader | undefined> {
  const path = operatorSocketPath(dataDir);
  // A shop cannot listen there (see socketPathFits): nothing answers.
  if (!socketPathFits(path)) return undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = <T>(route: string, body: unknown) => post<T>(path, agent, route, body);
  try {
    await call<LogIdentity>(OPERATOR_ROUTES.identify, {});
  } catch (error) {
    agent.destroy();
    if (isNotAnswering(error)) return undefined;
    throw error;
  }
  const pages: PartitionedLog = {
    partitionsToRead: async (topic, stream) =>
      (await call<{ partitions: number[] }>(OPERATOR_ROUTES.partitions, { topic, stream })).partitions,
    readPage: async (topic, partition, fromOffset, limit, stream) =>
      (await call<{ events: StoredEvent[] }>(OPERATOR_ROUTES.page, { topic, partition, fromOffset, limit, stream } satisfies PageRequest))
        .events,
  };
  const log = readOnlyLog(
    {
      pages,
      endOffsets: async (topic: Topic) => new Map((await call<{ ends: [number, number][] }>(OPERATOR_ROUTES.endOffsets, { topic })).ends),
      identify: () => call<LogIdentity>(OPERATOR_ROUTES.identify, {}),
      close: () => Promise.resolve(),
    },
    options.upcasters ?? SHOP_UPCASTERS,
    'the running shop’s socket only reads the log',
  );
  const readModel: SqlExecutor = {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      return call<SqlResult<Row>>(OPERATOR_ROUTES.sql, { sql, params: params as SqlRequest['params'] });
    },
    transaction() {
      return Promise.reject(new Error('the running shop’s read model is read-only through its socket'));
    },
  };
  return {
    log,
    readModel,
    path,
    close() {
      agent.destroy();
      return Promise.resolve();
    },
  };
}

/**
 * Asks the shop running on `dataDir` for the operator's break-glass admin grant, or answers undefined
 * when nothing answers there (the shop is not running). Sent once, never again: a connection that
 * breaks after the request left may have granted (`toolforge events list --type AdminGranted` tells).
 */
export function grantAdminThroughRunningShop(dataDir: string, request: GrantAdminRequest): Promise<GrantedAdmin | undefined> {
  return sendOnce<GrantedAdmin>(dataDir, OPERATOR_ROUTES.grantAdmin, request);
}

/**
 * Asks the shop running on `dataDir` to erase a customer (docs/privacy.md#erasure), or answers
 * undefined when nothing answers there. Sent once: erasing again is harmless, but a connection that
 * breaks after the request left is told by `toolforge events list --type CustomerForgotten`.
 */
export function forgetCustomerThroughRunningShop(dataDir: string, request: ForgetCustomerRequest): Promise<ForgottenCustomer | undefined> {
  return sendOnce<ForgottenCustomer>(dataDir, OPERATOR_ROUTES.forgetCustomer, request);
}

/** One request the running shop's command side decides, on a connection of its own; undefined when the shop is not running. */
async function sendOnce<Answer>(dataDir: string, route: string, body: unknown): Promise<Answer | undefined> {
  const path = operatorSocketPath(dataDir);
  if (!socketPathFits(path)) return undefined;
  const agent = new Agent({ maxSockets: 1 });
  try {
    return await post<Answer>(path, agent, route, body);
  } catch (error) {
    if (isNotAnswering(error)) return undefined;
    throw error;
  } finally {
    agent.destroy();
  }
}

function post<T>(socketPath: string, agent: Agent, route: string, body: unknown): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        socketPath,
        agent,
        path: route,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 500;
          let answer: unknown;
          try {
            answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            reject(new OperatorSocketRefusal(`an answer that is no JSON (status ${status})`, status, undefined));
            return;
          }
          if (status < 300) resolve(answer as T);
          else {
            const refusal = answer as Partial<OperatorSocketError>;
            reject(new OperatorSocketRefusal(refusal.error ?? `status ${status}`, status, refusal.code));
          }
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      reject(new OperatorSocketUnreachable(socketPath, error.code, error.code ?? error.message)),
    );
    outgoing.end(payload);
  });
}

/** No socket file, or a file nobody listens on: the shop is not serving (a killed one left it behind). */
function isNotAnswering(error: unknown): boolean {
  return error instanceof OperatorSocketUnreachable && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED');
}
