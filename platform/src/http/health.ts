import Fastify, { type FastifyInstance } from 'fastify';
import type { LogEndSource } from '../eventLog/logEnd.js';
import type { SqlQueryable } from '../sql/sql.js';

/** One thing a service needs in order to serve: its database, its log, its being the writer. */
export interface ReadinessCheck {
  /** What is checked, as the reason says it when the check throws or does not answer in time. */
  readonly what: string;
  /** Resolves a short reason when not ready, nothing when ready. */
  check(): Promise<string | undefined>;
}

/** The supervisor's paths: never rate-limited, never behind a token. */
export const HEALTH_PATHS: readonly string[] = ['/health', '/ready'];

export const READINESS_TIMEOUT_MS = 2000;

export interface HealthOptions {
  checks: readonly ReadinessCheck[];
  timeoutMs?: number;
}

/**
 * `/health`: the process is alive and answers (200 `{status:'ok'}`). `/ready`: it can serve, every
 * check passing: 200 `{status:'ok'}`, else 503 `{status:'unavailable', reasons}`, each reason a
 * short sentence with nothing internal in it. For supervisors: Docker health checks, the start
 * script's readiness wait, a load balancer.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  app.get('/health', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const reasons = (await Promise.all(options.checks.map((check) => reasonOf(check, timeoutMs)))).filter(
      (reason): reason is string => reason !== undefined,
    );
    reply.header('cache-control', 'no-store');
    if (reasons.length > 0) return reply.code(503).send({ status: 'unavailable', reasons });
    return reply.send({ status: 'ok' });
  });
}

async function reasonOf(check: ReadinessCheck, timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((answer) => {
    timer = setTimeout(() => answer(`${check.what} does not answer`), timeoutMs);
  });
  try {
    return await Promise.race([check.check(), late]);
  } catch {
    return `${check.what} does not answer`;
  } finally {
    clearTimeout(timer);
  }
}

/** A database answers a trivial statement. */
export function databaseAnswers(what: string, sql: SqlQueryable): ReadinessCheck {
  return {
    what,
    async check() {
      await sql.query('select 1');
      return undefined;
    },
  };
}

/**
 * `/health` and `/ready` on a port of their own, for a process that serves no HTTP otherwise (the
 * projector of services mode).
 */
export async function serveHealth(options: HealthOptions & { host: string; port: number }): Promise<{ close(): Promise<void> }> {
  const app = Fastify();
  await app.register(healthRoutes, options);
  await app.listen({ host: options.host, port: options.port });
  return { close: () => app.close() };
}

/** A log answers where a topic's partitions end, as any reader of it asks. */
export function logAnswers(what: string, log: LogEndSource): ReadinessCheck {
  return {
    what,
    async check() {
      await log.endOffsets('identity.users');
      return undefined;
    },
  };
}
