import { TOPICS, messages } from '@toolforge/contracts';
import type { IdentityProvider } from '@toolforge/platform/identity';
import { invoicesKeptUntil, type CustomerKeys, type PersonalDataVault } from '@toolforge/platform/privacy';
import type { AccountStates } from '../identity/accountStates.js';
import { decideForget } from '../identity/decide.js';
import { streamOf, type CommandHandler } from '../shared/commandHandler.js';
import { CommandRejected } from '../shared/decider.js';
import type { OpenOrders } from './openOrders.js';

/** The key store and how long invoices keep their buyer: what the command side needs to erase (docs/privacy.md). */
export interface PrivacyDeps {
  readonly keys: CustomerKeys;
  /** The writer's vault, which seals the log's events: it forgets its copy of the keys with the store. */
  readonly vault: PersonalDataVault;
  /** INVOICE_RETENTION_YEARS. */
  readonly invoiceRetentionYears: number;
}

export interface ErasureDeps extends PrivacyDeps {
  readonly handler: CommandHandler;
  readonly accounts: AccountStates;
  readonly openOrders: OpenOrders;
  readonly identity: IdentityProvider;
  readonly clock: () => Date;
  readonly log: { warn(object: object, message: string): void };
}

/** Who erases: the customer themself, or the operator on the host (`toolforge forget customer`). */
export type Eraser =
  { readonly by: 'customer'; readonly actor: string } | { readonly by: 'operator'; readonly actor: `operator:${string}` };

/**
 * The right to erasure (docs/privacy.md#erasure). In this order, each step safe to repeat:
 * 1. refused while an order of the customer is neither delivered nor cancelled;
 * 2. the customer's personal key destroyed (their invoices' kept for the retention): from this moment
 *    nothing of theirs in the log opens, whatever happens next;
 * 3. CustomerForgotten appended: the read model, the caches and the outbox forget them, and their
 *    sessions end (a failed append leaves the key destroyed, and erasing again finishes the job);
 * 4. their account disabled at the identity provider (a failure there is logged: the shop refuses the
 *    erased account's sign-in by itself).
 */
export class Erasure {
  constructor(private readonly deps: ErasureDeps) {}

  /** `position` undefined when the account was erased already: nothing more to do, nothing appended. */
  async erase(uid: string, eraser: Eraser): Promise<{ position: string | undefined }> {
    const { accounts, openOrders, keys, vault, handler, clock } = this.deps;
    const account = accounts.get(uid);
    if (!account) throw new CommandRejected('not-found', messages.accountNotFound);
    if (!account.forgotten && openOrders.of(uid).length > 0) throw new CommandRejected('conflict', messages.eraseWithOpenOrders);
    await keys.forget(uid, invoicesKeptUntil(clock(), this.deps.invoiceRetentionYears));
    vault.dropKeysOf(uid);
    const forgotten = await handler.handle(
      streamOf(TOPICS.users, uid, accounts),
      (state) => decideForget({ type: 'Forget', data: { uid, by: eraser.by } }, state),
      { actor: eraser.actor },
    );
    try {
      await this.deps.identity.disableAccount(uid);
    } catch (error) {
      this.deps.log.warn(
        { err: error, uid },
        'the erased account could not be disabled at the identity provider; the shop refuses its sign-in',
      );
    }
    return { position: forgotten.position };
  }
}
