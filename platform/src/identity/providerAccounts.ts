import type { ApiCaller } from '../http/apiToken.js';
import type { IdentityProvider, ProviderAccountStatus } from './identityProvider.js';

export interface ProviderAccountsOptions {
  /** How old a look-up may be before a request waits for a new one: the longest a disabled account keeps its sessions. */
  maxAgeMs?: number;
  clock?: () => number;
  /** Hears a look-up that failed (the provider unreachable): the last answer, or none, stands meanwhile. */
  onLookupFailed?: (uid: string, error: unknown) => void;
}

/** A disabled account's API tokens stop within a minute (issue 34, row 10). */
export const PROVIDER_ACCOUNT_MAX_AGE_MS = 60_000;

interface LookUp {
  readonly status: Promise<ProviderAccountStatus | null>;
  readonly at: number;
  /** The status once the provider has answered (or the look-up has failed). */
  answer?: { readonly status: ProviderAccountStatus | null };
}

function letsIn(status: ProviderAccountStatus | null, sessionStart: number): boolean {
  return status !== null && !status.disabled && (status.sessionsValidSince === null || sessionStart >= status.sessionsValidSince);
}

/**
 * Whether the identity provider still lets an account in, for the shop's own API tokens: they live
 * 12 hours, and an account disabled (or whose sessions were revoked) at the provider must not keep
 * them that long. Each account is looked up at most once per half of `maxAgeMs` while it is active:
 * past half, the answer is used once more while a new one is asked for; past `maxAgeMs`, the request
 * waits for the new one. A look-up that fails keeps the last answer (or lets the caller in, whose
 * token was verified at sign-in): the provider being unreachable must not sign every customer out.
 */
export class ProviderAccounts {
  private readonly answers = new Map<string, LookUp>();
  private readonly refreshing = new Set<string>();
  private readonly maxAgeMs: number;
  private readonly clock: () => number;

  constructor(
    private readonly provider: Pick<IdentityProvider, 'accountStatus'>,
    private readonly options: ProviderAccountsOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? PROVIDER_ACCOUNT_MAX_AGE_MS;
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Whether a session of `uid` begun at `sessionStart` (ms since the epoch) may go on: at once from
   * an answer in hand (every request of an active account but one a half minute), else once asked.
   */
  stillLetIn(uid: string, sessionStart: number): boolean | Promise<boolean> {
    const now = this.clock();
    let known = this.answers.get(uid);
    if (!known || now - known.at >= this.maxAgeMs) {
      // Concurrent requests share this look-up.
      known = this.lookUp(uid, now, known);
      this.keep(uid, known);
    } else if (now - known.at >= this.maxAgeMs / 2 && !this.refreshing.has(uid)) {
      this.refreshing.add(uid);
      const fresh = this.lookUp(uid, now, known);
      void fresh.status.then(() => {
        this.refreshing.delete(uid);
        this.keep(uid, fresh);
      });
    }
    if (known.answer) return letsIn(known.answer.status, sessionStart);
    return known.status.then((status) => letsIn(status, sessionStart));
  }

  private lookUp(uid: string, now: number, previous: LookUp | undefined): LookUp {
    const lookUp: LookUp = { status: this.ask(uid, previous), at: now };
    void lookUp.status.then((status) => (lookUp.answer = { status }));
    return lookUp;
  }

  private ask(uid: string, previous: LookUp | undefined): Promise<ProviderAccountStatus | null> {
    return this.provider.accountStatus(uid).catch((error: unknown) => {
      this.options.onLookupFailed?.(uid, error);
      return previous ? previous.status : LET_IN;
    });
  }

  private keep(uid: string, lookUp: LookUp): void {
    this.answers.delete(uid);
    this.answers.set(uid, lookUp);
    // A Map iterates in insertion order: the account looked up longest ago is forgotten first.
    while (this.answers.size > ACCOUNTS_KEPT) this.answers.delete(this.answers.keys().next().value!);
  }
}

/** What an account never looked up successfully is taken as while the provider does not answer. */
const LET_IN: ProviderAccountStatus = { disabled: false, sessionsValidSince: null };

/** Accounts remembered per process. */
const ACCOUNTS_KEPT = 100_000;

/**
 * apiTokens' isLetInByProvider for a service: an API token's account is looked up at the identity
 * provider (ProviderAccounts); a look-up that fails is logged and lets the caller in meanwhile.
 */
export function letInByProvider(
  provider: Pick<IdentityProvider, 'accountStatus'>,
  log: { warn(details: object, message: string): void },
): (caller: Pick<ApiCaller, 'uid' | 'issuedAt'>) => boolean | Promise<boolean> {
  const accounts = new ProviderAccounts(provider, {
    onLookupFailed: (uid, error) => log.warn({ uid, err: error }, 'the identity provider did not say whether this account is still let in'),
  });
  // A token without an issue time (none the shop signs) counts as issued at the epoch: any revocation ends it.
  return (caller) => accounts.stillLetIn(caller.uid, caller.issuedAt ?? 0);
}
