import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@toolforge/platform/http';
import type { DeadLetterReader } from '@toolforge/platform/sql';
import type { ShopSource } from '../cli/shopConnection.js';
import type { VerifySettings } from '../cli/verify/verifyCommand.js';

/** What the console's routes read: the host's log and read model, as the toolforge commands read a ShopConnection. */
export interface ConsoleContext {
  /** The log as the shop reads it (its personal values opened) and the read model. */
  readonly shop: ShopSource & { readonly readModel: NonNullable<ShopSource['readModel']> };
  readonly deadLetters: DeadLetterReader;
  /** Where the anchors and the key to check them are (the shop's AUDIT_* settings). */
  readonly verify: VerifySettings;
}

/** One section's routes, registered with the context (routes.ts lists them); every route of the console is an admin's (plugin.ts). */
export type ConsoleRoutes = (app: FastifyInstance, context: ConsoleContext) => void;

/** The scope's zod typing for a section's routes. */
export const zodRoutes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
