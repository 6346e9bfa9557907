import type { ConsoleRoutes } from './context.js';
import { deadLetterListRoutes } from './deadLetterList.js';
import { eventRoutes } from './events.js';
import { orderAuditRoutes } from './orderAudit.js';
import { projectionRoutes } from './projections.js';
import { verifyRoutes } from './verify.js';

/** The console's sections, one module of routes each: a new section (the dead letters' actions, say) is one line here. */
export const CONSOLE_ROUTES: readonly ConsoleRoutes[] = [
  projectionRoutes,
  deadLetterListRoutes,
  eventRoutes,
  orderAuditRoutes,
  verifyRoutes,
];
