import type { AdminGrant } from '@toolforge/platform/operatorSocket';
import { translateRejection } from '../shared/replies.js';
import type { Accounts } from './accounts.js';

/**
 * The break-glass grant as the operators' socket serves it (embedded/src/operatorSocket/server.ts): decided by
 * this command side's one handler, so the write model stays the log's single writer, and a refusal
 * answered with its status and message (404 for an address the log does not know, 409 for an admin).
 */
export function operatorAdminGrant(accounts: Accounts): AdminGrant {
  return async ({ email, operator }) => {
    try {
      return await accounts.breakGlassGrant(operator, email);
    } catch (error) {
      throw translateRejection(error) ?? error;
    }
  };
}
