import type { ForgetCustomer } from '@toolforge/platform/operatorSocket';
import { translateRejection } from '../shared/replies.js';
import type { Erasure } from './erasure.js';

/**
 * The operator's erasure as the operators' socket serves it (docs/operators.md): decided by this
 * command side's one handler, a refusal answered with its status and message (404 for a uid the log
 * does not know, 409 while the customer has an order neither delivered nor cancelled).
 */
export function operatorErasure(erasure: Erasure): ForgetCustomer {
  return async ({ uid, operator }) => {
    const actor = `operator:${operator}` as const;
    try {
      const { position } = await erasure.erase(uid, { by: 'operator', actor });
      return { uid, actor, position: position ?? null };
    } catch (error) {
      throw translateRejection(error) ?? error;
    }
  };
}
