import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ApiCaller } from '../http/apiToken.js';
import { PROVIDER_ACCOUNTS_PER_CALL, type IdentityProvider, type ProviderAccountStatus } from './identityProvider.js';

export interface ProviderAccountsOptions {
  /** How old an answer may be before a request waits for a new one: the longest a disabled account keeps its sessions. */
  maxAgeMs?: number;
  /** How long after its last request an account's answer is kept fresh in the background (refreshRecent). */
  keepFreshMs?: number;
  clock?: () => number;
  /** Hears a look-up that failed (the provider unreachable): the last answer, or none, stands meanwhile. */
  onLookupFailed?: (uids: readonly string[], error: unknown) => void;
}

/** A disabled account's API tokens stop within a minute (issue 34, row 10). */
export const PROVIDER_ACCOUNT_MAX_AGE_MS = 60_000;
/** An account that made a request in the last ten minutes never waits for the provider. */
export const PROVIDER_ACCOUNT_KEEP_FRESH_MS = 10 * 60_000;

interface LookUp {
  readonly status: Promise<ProviderAccountStatus | null>;
  readonly at: number;
  /** The status once the provider has answered (or the look-up has failed). */
  answer?: { readonly status: ProviderAccountStatus | null };
}

/** An account as this process knows it: the look-up in use, and when it last made a request. */
interface KnownAccount {
  current: LookUp;
  seenAt: number;
}

function letsIn(status: ProviderAccountStatus | null, sessionStart: number): boolean {
  return status !== null && !status.disabled && (status.sessionsValidSince === null || sessionStart >= status.sessionsValidSince);
}

/**
 * Whether the identity provider still lets an account in, for the shop's own API tokens: they live
 * 12 hours, and an account disabled (or whose sessions were revoked) at the provider must not keep
 * them that long. A request is answered from an answer less than `maxAgeMs` old, and waits for a new
 * one otherwise. So that active customers never wait, `refreshRecent` (every quarter of `maxAgeMs`,
 * see letInByProvider) asks again, a hundred accounts a call, for each account seen in the last
 * `keepFreshMs` whose answer is past half its age; only an account back after a long pause waits
 * once. A look-up that fails keeps the last answer (or lets the caller in, whose token was verified
 * at sign-in): the provider being unreachable must not sign every customer out.
 */
export class ProviderAccounts {
  /** The accounts remembered, the least recently seen forgotten first (lru-cache; see expiringLru.ts for why not a Map). */
  private readonly accounts = new LRUCache<string, KnownAccount>({ max: ACCOUNTS_KEPT });
  private readonly maxAgeMs: number;
  private readonly keepFreshMs: number;
  private readonly clock: () => number;

  constructor(
    private readonly provider: Pick<IdentityProvider, 'accountStatuses'>,
    private readonly options: ProviderAccountsOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? PROVIDER_ACCOUNT_MAX_AGE_MS;
    this.keepFreshMs = options.keepFreshMs ?? PROVIDER_ACCOUNT_KEEP_FRESH_MS;
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Whether a session of `uid` begun at `sessionStart` (ms since the epoch) may go on: at once from
   * an answer in hand, else once the provider has answered.
   */
  stillLetIn(uid: string, sessionStart: number): boolean | Promise<boolean> {
    const now = this.clock();
    let account = this.accounts.get(uid);
    if (!account) {
      account = { current: this.lookUp([uid], now).get(uid)!, seenAt: now };
      this.accounts.set(uid, account);
    } else {
      account.seenAt = now;
      // Concurrent requests share this look-up.
      if (now - account.current.at >= this.maxAgeMs) account.current = this.lookUp([uid], now).get(uid)!;
    }
    const { current } = account;
    if (current.answer) return letsIn(current.answer.status, sessionStart);
    return current.status.then((status) => letsIn(status, sessionStart));
  }

  /** Asks again for the accounts seen lately whose answers are past half their age; settles once all have answered. */
  async refreshRecent(): Promise<void> {
    const now = this.clock();
    const due: string[] = [];
    for (const [uid, account] of this.accounts.entries()) {
      if (now - account.seenAt <= this.keepFreshMs && now - account.current.at >= this.maxAgeMs / 2) due.push(uid);
    }
    const asked: Promise<unknown>[] = [];
    for (let from = 0; from < due.length; from += PROVIDER_ACCOUNTS_PER_CALL) {
      for (const [uid, fresh] of this.lookUp(due.slice(from, from + PROVIDER_ACCOUNTS_PER_CALL), now)) {
        // The answer in use stands until the new one is in, unless a request has asked since.
        asked.push(
          fresh.status.then(() => {
            const account = this.accounts.peek(uid);
            if (account && account.current.at <= fresh.at) account.current = fresh;
          }),
        );
      }
    }
    await Promise.all(asked);
  }

  /** One call to the provider for `uids`; each account's look-up falls back to its last answer if the call fails. */
  private lookUp(uids: readonly string[], now: number): Map<string, LookUp> {
    const statuses = this.provider.accountStatuses(uids);
    const lookUps = new Map<string, LookUp>();
    let reported = false;
    for (const uid of uids) {
      const previous = this.accounts.peek(uid)?.current;
      const status = statuses.then(
        (answered) => answered.get(uid) ?? null,
        (error: unknown) => {
          if (!reported) this.options.onLookupFailed?.(uids, error);
          reported = true;
          return previous ? previous.status : LET_IN;
        },
      );
      const lookUp: LookUp = { status, at: now };
      void status.then((answered) => (lookUp.answer = { status: answered }));
      lookUps.set(uid, lookUp);
    }
    return lookUps;
  }
}

/** What an account never looked up successfully is taken as while the provider does not answer. */
const LET_IN: ProviderAccountStatus = { disabled: false, sessionsValidSince: null };

/** Accounts remembered per process. */
const ACCOUNTS_KEPT = 100_000;

/**
 * apiTokens' isLetInByProvider for a service: an API token's account is looked up at the identity
 * provider (ProviderAccounts), the accounts seen lately refreshed in the background until `app`
 * closes; a look-up that fails is logged and lets the caller in meanwhile.
 */
export function letInByProvider(
  provider: Pick<IdentityProvider, 'accountStatuses'>,
  app: Pick<FastifyInstance, 'log' | 'addHook'>,
): (caller: Pick<ApiCaller, 'uid' | 'issuedAt'>) => boolean | Promise<boolean> {
  const accounts = new ProviderAccounts(provider, {
    onLookupFailed: (uids, error) =>
      app.log.warn({ accounts: uids.length, err: error }, 'the identity provider did not say whether these accounts are still let in'),
  });
  let refreshing = Promise.resolve();
  const timer = setInterval(() => {
    refreshing = accounts.refreshRecent();
  }, PROVIDER_ACCOUNT_MAX_AGE_MS / 4);
  // The refresh never keeps a process up by itself.
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await refreshing;
  });
  // A token without an issue time (none the shop signs) counts as issued at the epoch: any revocation ends it.
  return (caller) => accounts.stillLetIn(caller.uid, caller.issuedAt ?? 0);
}
