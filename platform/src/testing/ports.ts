/**
 * The ports the end-to-end tests listen on. Each has a default; TOOLFORGE_TEST_PORT_BASE moves them
 * all to ten consecutive ports from that base, so runs that share a machine (several checkouts, a
 * developer's own `make start`) never take each other's ports.
 */
const TEST_PORTS = {
  /** `make start`'s API and web app (embedded/src/start.e2e.spec.ts). */
  embeddedApi: { offset: 0, fallback: 5100 },
  embeddedWeb: { offset: 1, fallback: 8180 },
  /** `npm start -w command-service` alone (command-service/src/main.e2e.spec.ts). */
  commandAlone: { offset: 2, fallback: 5300 },
  /** The three services of services mode (query-service/src/servicesMode.e2e.spec.ts). */
  servicesCommand: { offset: 3, fallback: 5400 },
  servicesQuery: { offset: 4, fallback: 5401 },
  servicesProjector: { offset: 5, fallback: 5402 },
  /** `make start` that the operators' tool reads while it runs (projector/src/cli/cli.running.e2e.spec.ts). */
  runningShopApi: { offset: 6, fallback: 5106 },
  runningShopWeb: { offset: 7, fallback: 8186 },
  /** The command service killed under load and started again (command-service/src/killUnderLoad.e2e.spec.ts). */
  commandKilled: { offset: 8, fallback: 5408 },
  /** The proxy that plays Redis failures (platform/src/redis/redisCache.int.spec.ts). */
  redisProxy: { offset: 9, fallback: 5409 },
} as const;

export function testPort(name: keyof typeof TEST_PORTS, env: NodeJS.ProcessEnv = process.env): number {
  const { offset, fallback } = TEST_PORTS[name];
  const base = env.TOOLFORGE_TEST_PORT_BASE;
  if (!base) return fallback;
  const parsed = Number(base);
  if (!Number.isInteger(parsed) || parsed < 1024 || parsed > 65525)
    throw new Error(`TOOLFORGE_TEST_PORT_BASE should be a port number, not "${base}"`);
  return parsed + offset;
}
