import { cardPaymentsOf } from '@toolforge/command-service';
import type { ShopConfig } from '@toolforge/platform';
import { commandRateLimit, queryRateLimit, shopRateLimits } from '@toolforge/platform/http';
import type { EmbeddedShopDeps } from './compose.js';

/**
 * What the environment's settings (docs/deployment.md#configuration) make of `make start`'s shop:
 * the same limits, deadlines and policies the services read from it in services mode.
 */
export function embeddedSettings(
  config: ShopConfig,
): Pick<
  EmbeddedShopDeps,
  | 'adminEmails'
  | 'origins'
  | 'rateLimits'
  | 'queryRateLimit'
  | 'commandRateLimit'
  | 'commandLimits'
  | 'logger'
  | 'trustProxy'
  | 'reservationTtlMs'
  | 'bulkBuildFrom'
  | 'payments'
  | 'seller'
  | 'mail'
  | 'privacy'
  | 'verify'
> {
  return {
    adminEmails: config.adminEmails,
    origins: config.webOrigins,
    rateLimits: shopRateLimits(config),
    queryRateLimit: queryRateLimit(config.queryRateLimit),
    commandRateLimit: commandRateLimit(config.commandRateLimit),
    commandLimits: { deadlineMs: config.commandDeadlineMs, limit: config.commandQueueLimit },
    logger: { level: config.logLevel ?? 'warn' },
    trustProxy: config.trustProxy,
    reservationTtlMs: config.reservationTtlMs,
    bulkBuildFrom: config.bulkBuildFrom,
    payments: cardPaymentsOf(config),
    seller: config.seller,
    mail: config.mail,
    privacy: config.privacy,
    // The shop signs its anchors with its own key (host.ts): the console checks them with that key's public half.
    verify: { anchors: config.anchors, publicKey: undefined },
  };
}
