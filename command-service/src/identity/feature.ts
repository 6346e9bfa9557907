import { sessionIsCurrent } from '@toolforge/platform';
import type { ApiTag } from '@toolforge/contracts';
import { apiTokens, documented } from '@toolforge/platform/http';
import { VerifiedIdTokens, letInByProvider } from '@toolforge/platform/identity';
import type { CommandFeature } from '../shared/feature.js';
import { AccountStates } from './accountStates.js';
import { Accounts } from './accounts.js';
import { commandIdTokenCaller } from './idTokenCallers.js';
import { identityRoutes } from './identityRoutes.js';
import { operatorAdminGrant } from './operatorGrant.js';

/** Identity's routes in the API description: only the command side serves them. */
export const ACCOUNTS_TAG: ApiTag = {
  name: 'Accounts',
  description: 'Signing in and out, and the admin role.',
};

/**
 * Identity: sign-ins, sign-outs and the admin role, and who calls every route: its API tokens are
 * registered with its routes, so it comes before the features whose routes they guard.
 */
export const identity: CommandFeature<{ accounts: AccountStates }> = {
  name: 'identity',
  writeModel() {
    const accounts = new AccountStates();
    return { states: { accounts }, parts: [accounts] };
  },
  async serve({ app, deps, handler, model, states }) {
    const accountStates = states.accounts;
    const accounts = new Accounts({
      handler,
      model,
      states: accountStates,
      policy: { adminEmails: new Set(deps.adminEmails.map((email) => email.trim().toLowerCase()).filter(Boolean)) },
    });
    deps.onAdminGrant?.(operatorAdminGrant(accounts));
    // The role and the session are the log's current word, not the token's: a grant, a revocation
    // and a logout take effect on the next request.
    // The identity provider's ID tokens are taken as well as API tokens (the spec's client sends them).
    const idTokens = new VerifiedIdTokens(deps.identity);
    await app.register(apiTokens, {
      secret: deps.jwtSecret,
      isAdmin: (caller) => accountStates.isAdmin(caller.uid),
      isSessionCurrent: (caller) => sessionIsCurrent(caller, accounts.standing(caller.uid)),
      isLetInByProvider: letInByProvider(deps.identity, app),
      idTokenCaller: commandIdTokenCaller(accounts, accountStates, idTokens),
    });
    await app.register(documented({ tag: ACCOUNTS_TAG }, identityRoutes), { accounts, identity: deps.identity });
  },
};
