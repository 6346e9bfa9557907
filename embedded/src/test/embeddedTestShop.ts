import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ANCHOR_DEFAULTS } from '@toolforge/platform/anchors';
import type { RouteRateLimits } from '@toolforge/platform/http';
import { firebaseIdentity } from '@toolforge/platform/identity';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql } from '@toolforge/platform/sql';
import { EMULATOR_HOST, PROJECT_ID, sendTo, uniqueEmail, type AppRequest } from '@toolforge/platform/testing';
import { composeEmbeddedShop, type EmbeddedShopDeps } from '../compose.js';

/** The test shops' master key: one file for the machine's runs, each shop's key store in its own database. */
export const TEST_PRIVACY = { masterKeyFile: join(tmpdir(), 'toolforge-test-privacy-master-key'), invoiceRetentionYears: 10 };

/** A shop that signs no anchors, and has no key to check them with: the console's verification answers 409. */
const NO_ANCHORS: EmbeddedShopDeps['verify'] = {
  anchors: {
    ...ANCHOR_DEFAULTS,
    dir: join(tmpdir(), 'toolforge-test-no-anchors'),
    signingKeyFile: join(tmpdir(), 'toolforge-test-no-anchors', 'none.pem'),
  },
  publicKey: undefined,
};

/**
 * `make start`'s composition (command side, projector and query side in one Fastify) on an
 * in-memory PGlite, verifying real ID tokens from the Auth emulator: the embedded HTTP tests' shop.
 */
export async function openEmbeddedTestShop(
  options: { adminEmails: string[]; rateLimits?: RouteRateLimits } & Pick<EmbeddedShopDeps, 'payments' | 'reservationTtlMs'> &
    Partial<Pick<EmbeddedShopDeps, 'verify'>>,
) {
  const db = await openEmbeddedPostgres(null);
  const log = await PgliteEventLog.open(db);
  const shop = await composeEmbeddedShop({
    sql: pgliteSql(db),
    log,
    identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
    jwtSecret: 'embedded-test-secret-long-enough-for-hs256',
    adminEmails: options.adminEmails,
    origins: ['http://localhost:8180'],
    rateLimits: options.rateLimits,
    payments: options.payments,
    reservationTtlMs: options.reservationTtlMs,
    privacy: TEST_PRIVACY,
    verify: options.verify ?? NO_ANCHORS,
  });
  return {
    db,
    /** The log as the shop reads and writes it: its personal values opened, and sealed on the way in. */
    log: shop.log,
    /** The log as stored, its personal values sealed. */
    storedLog: log,
    shop,
    app: shop.app,
    /** How many events the log holds: a refusal must never change it. */
    async eventCount(): Promise<number> {
      return Number((await db.query<{ count: number }>('select count(*)::int as count from events')).rows[0]!.count);
    },
    async close(): Promise<void> {
      await shop.close();
      await db.close();
    },
  };
}

export type EmbeddedTestShop = Awaited<ReturnType<typeof openEmbeddedTestShop>>;

/**
 * An embedded test shop for the enclosing describe's tests, its ADMIN_EMAILS one fresh address
 * (`adminEmail`): opened before them, closed after. `send` injects a request, `eventCount` counts the log.
 */
export function useEmbeddedTestShop(adminLabel: string) {
  const adminEmail = uniqueEmail(adminLabel);
  let shop: EmbeddedTestShop;
  beforeAll(async () => {
    shop = await openEmbeddedTestShop({ adminEmails: [adminEmail] });
  });
  afterAll(() => shop.close());
  return {
    adminEmail,
    send: (request: AppRequest) => sendTo(shop.app, request),
    eventCount: () => shop.eventCount(),
  };
}
