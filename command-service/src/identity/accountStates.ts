import type { UserStanding } from '@toolforge/platform';
import { StatesById } from '../shared/statesById.js';
import type { ModelEvent, WriteModelPart } from '../shared/writeModel.js';
import { evolveUser, type UserFact, type UserState } from './user.js';

/** The write model's accounts: each one's state, and where its sessions last ended. */
export class AccountStates implements WriteModelPart {
  private readonly accounts = new StatesById<UserState | undefined, UserFact>(
    ['UserSignedIn', 'UserSignedOut', 'AdminGranted', 'AdminRevoked', 'CustomerForgotten'],
    (fact) => fact.data.uid,
    { evolve: evolveUser, initialState: () => undefined },
  );
  /** Per account: the stream version of its last sign-out or admin revocation. */
  private readonly sessionsEndedAt = new Map<string, number>();

  apply(event: ModelEvent): void {
    this.accounts.apply(event);
    // Each ends every session the account had: API tokens issued before are refused.
    if (event.type === 'UserSignedOut' || event.type === 'AdminRevoked' || event.type === 'CustomerForgotten') {
      this.sessionsEndedAt.set(event.data.uid, event.streamPosition);
    }
  }

  clear(): void {
    this.accounts.clear();
    this.sessionsEndedAt.clear();
  }

  get(uid: string): UserState | undefined {
    return this.accounts.get(uid);
  }

  isAdmin(uid: string): boolean {
    return this.get(uid)?.admin ?? false;
  }

  /** The name the shop knows the account by (empty for one it does not know): what orders and reviews carry, never a body's. */
  nameOf(uid: string): string {
    return this.get(uid)?.name ?? '';
  }

  isVerified(uid: string): boolean {
    return this.get(uid)?.emailVerified ?? false;
  }

  /** How many admins the shop has besides this account: the last one's role is never taken back. */
  otherAdmins(uid: string): number {
    let count = 0;
    for (const account of this.accounts.values()) if (account?.admin && account.uid !== uid) count += 1;
    return count;
  }

  /** The accounts the log knows by this address (as each last signed in), whatever its case: e-mail addresses are compared case-blind. */
  withEmail(email: string): UserState[] {
    const wanted = email.toLowerCase();
    return [...this.accounts.values()].filter((account): account is UserState => account?.email.toLowerCase() === wanted);
  }

  /** The account's role and sessions as the log has them, at `version` of its stream: the word API tokens are judged by. */
  standing(uid: string, version: number): UserStanding | undefined {
    const account = this.get(uid);
    if (!account) return undefined;
    return { admin: account.admin, version, sessionsEndedAt: this.sessionsEndedAt.get(uid) ?? 0 };
  }
}
