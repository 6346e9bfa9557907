import { TOPICS, type ApiUser } from '@toolforge/contracts';
import type { UserStanding } from '@toolforge/platform';
import type { VerifiedIdentity } from '@toolforge/platform/identity';
import type { GrantedAdmin } from '@toolforge/platform/operatorSocket';
import { CommandRejected } from '../shared/decider.js';
import { NothingDecided, aggregateOf, type Aggregate, type CommandHandler } from '../shared/commandHandler.js';
import type { WriteModel } from '../shared/writeModel.js';
import type { AccountStates } from './accountStates.js';
import { userDecider, type RolePolicy, type UserCommand } from './decide.js';
import type { UserFact, UserState } from './user.js';

export interface AccountsDeps {
  handler: CommandHandler;
  model: WriteModel;
  states: AccountStates;
  policy: RolePolicy;
}

/** Sign-ins, sign-outs and the admin role: each account is a stream of its own. */
export class Accounts {
  private readonly accounts: Aggregate<UserCommand, UserState | undefined, UserFact>;

  constructor(private readonly deps: AccountsDeps) {
    this.accounts = aggregateOf(userDecider(deps.policy), TOPICS.users, (command) => command.data.uid, deps.states);
  }

  /**
   * `sessionVersion`: the version of the account's stream after this sign-in, for its API token;
   * `position` undefined when the sign-in changed nothing and appended nothing.
   */
  async signIn(
    identity: VerifiedIdentity & { email: string },
    name: string,
  ): Promise<{ position: string | undefined; user: ApiUser; sessionVersion: number }> {
    const { uid, email, emailVerified, picture } = identity;
    const displayName = name || identity.name || email.split('@')[0]!;
    const command: UserCommand = { type: 'SignIn', data: { uid, email, emailVerified, name: displayName, photoURL: picture } };
    const signedIn = await this.deps.handler.run(async (decide) => {
      try {
        return await decide(this.accounts, command, { actor: uid });
      } catch (error) {
        if (!(error instanceof NothingDecided)) throw error;
        // Signed in already as it is: its API token carries the stream's version as it stands.
        return { position: undefined, state: this.deps.states.get(uid), version: this.deps.model.version(TOPICS.users, uid) };
      }
    });
    const user = { uid, name: displayName, email, admin: signedIn.state?.admin ?? false };
    return { position: signedIn.position, user, sessionVersion: signedIn.version };
  }

  async signOut(uid: string): Promise<{ position: string }> {
    const { position } = await this.deps.handler.handle(this.accounts, { type: 'SignOut', data: { uid } }, { actor: uid });
    return { position };
  }

  async grantAdmin(actor: string, grantee: { uid: string; email: string; emailVerified: boolean }): Promise<{ position: string }> {
    const { position } = await this.deps.handler.handle(this.accounts, { type: 'GrantAdmin', data: grantee }, { actor });
    return { position };
  }

  /**
   * The operator's break-glass grant (`toolforge admins grant`, through the operators' socket): the
   * account is the one the log knows by this address, found at the command's turn, and the operator
   * is the event's actor, so the log itself is the audit record.
   */
  breakGlassGrant(operator: string, email: string): Promise<GrantedAdmin> {
    const actor = `operator:${operator}`;
    return this.deps.handler.run(async (decide) => {
      const account = this.theOneWithEmail(email);
      const { uid, emailVerified } = account;
      const command: UserCommand = { type: 'BreakGlassGrant', data: { uid, email: account.email, emailVerified } };
      const { position } = await decide(this.accounts, command, { actor });
      return { uid, email: account.email, actor, position };
    });
  }

  /**
   * The account a grant by address means: the verified one when several claim the address (an
   * unverified account may claim anyone's), refused when there is none or no single one.
   */
  private theOneWithEmail(email: string): UserState {
    const claiming = this.deps.states.withEmail(email);
    const verified = claiming.filter((account) => account.emailVerified);
    const candidates = verified.length > 0 ? verified : claiming;
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length === 0) throw new CommandRejected('not-found', breakGlassMessages.unknownEmail(email));
    const uids = candidates.map((account) => account.uid);
    throw new CommandRejected('conflict', breakGlassMessages.severalAccounts(email, uids));
  }

  /** Takes the role back; the account's sessions end with it. Never from the shop's last admin. */
  revokeAdmin(actor: string, admin: { uid: string; email: string }): Promise<{ position: string }> {
    return this.deps.handler.run(async (decide) => {
      // Counted at the command's turn: two admins revoking each other cannot leave the shop without one.
      const otherAdmins = this.deps.states.otherAdmins(admin.uid);
      const { position } = await decide(this.accounts, { type: 'RevokeAdmin', data: { ...admin, otherAdmins } }, { actor });
      return { position };
    });
  }

  /** The account's role and sessions as the log has them now: the word API tokens are judged by. */
  standing(uid: string): UserStanding | undefined {
    return this.deps.states.standing(uid, this.deps.model.version(TOPICS.users, uid));
  }
}

/** What the operator reads when a break-glass grant names no single account of the shop. */
export const breakGlassMessages = {
  unknownEmail: (email: string) =>
    `No account of this shop has the address ${email}: its owner must sign in to the shop once before it can be made an admin`,
  severalAccounts: (email: string, uids: readonly string[]) =>
    `${uids.length} accounts of this shop have the address ${email} (${uids.join(', ')}): a grant by address names one`,
};
