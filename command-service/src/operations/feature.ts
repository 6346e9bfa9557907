import { OPERATIONS_TAG } from '@toolforge/contracts';
import { documented } from '@toolforge/platform/http';
import type { CommandFeature } from '../shared/feature.js';
import { deadLetterRoutes } from './deadLetterRoutes.js';

/**
 * The admins' decisions about the read model on the command side: a dead letter retried or skipped
 * (docs/projector.md#dead-letters-retried-or-skipped). Decided on what the read model holds, so
 * served where the host gives its database (deps.readModel: every host of the shop does).
 */
export const operations: CommandFeature<Record<string, never>> = {
  name: 'operations',
  writeModel() {
    return { states: {}, parts: [] };
  },
  async serve({ app, deps, handler }) {
    if (!deps.readModel) return;
    await app.register(documented({ tag: OPERATIONS_TAG }, deadLetterRoutes), { handler, readModel: deps.readModel });
  },
};
