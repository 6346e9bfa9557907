import { TOPICS, type ApiUser } from '@toolforge/contracts';
import type { UserStanding } from '@toolforge/platform';
import type { VerifiedIdentity } from '@toolforge/platform/identity';
import type { GrantedAdmin } from '@toolforge/platform/operatorSocket';
import { CommandRejected } from '../shared/decider.js';
import { appendedAt, streamOf, type CommandHandler, type Stream } from '../shared/commandHandler.js';
import type { WriteModel } from '../shared/writeModel.js';
import type { AccountStates } from './accountStates.js';
import { userDecider, type RolePolicy, type UserCommand } from './decide.js';
import type { UserState } from './user.js';

export interface AccountsDeps {
  handler: CommandHandler;
  model: WriteModel;
  states: AccountStates;
  policy: RolePolicy;
}

/** Sign-ins, sign-outs and the admin role: each account is a stream of its own. */
export class Accounts {
  private readonly decider: ReturnType<typeof userDecider>;

  constructor(private readonly deps: AccountsDeps) {
    this.decider = userDecider(deps.policy);
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
    // Signed in already as it is: nothing is appended, and its API token carries the stream's version as it stands.
    const signedIn = await this.deps.handler.handle(this.stream(uid), (state) => this.decider.decide(command, state), { actor: uid });
    const user = { uid, name: displayName, email, admin: signedIn.state?.admin ?? false };
    return { position: signedIn.position, user, sessionVersion: signedIn.version };
  }

  async signOut(uid: string): Promise<{ position: string }> {
    const signedOut = await this.deps.handler.handle(
      this.stream(uid),
      (state) => this.decider.decide({ type: 'SignOut', data: { uid } }, state),
      {
        actor: uid,
      },
    );
    return { position: appendedAt(signedOut) };
  }

  async grantAdmin(actor: string, grantee: { uid: string; email: string; emailVerified: boolean }): Promise<{ position: string }> {
    const granted = await this.deps.handler.handle(
      this.stream(grantee.uid),
      (state) => this.decider.decide({ type: 'GrantAdmin', data: grantee }, state),
      { actor },
    );
    return { position: appendedAt(granted) };
  }

  /**
   * The operator's break-glass grant (`toolforge admins grant`, through the operators' socket): the
   * account is the one the log knows by this address, found at the command's turn, and the operator
   * is the event's actor, so the log itself is the audit record.
   */
  async breakGlassGrant(operator: string, email: string): Promise<GrantedAdmin> {
    const actor = `operator:${operator}`;
    const granted = await this.deps.handler.handle(
      () => this.stream(this.theOneWithEmail(email).uid),
      (account, uid) => {
        // The stream is the one account the log knows by this address: it has a state.
        const { email: address, emailVerified } = account!;
        return this.decider.decide({ type: 'BreakGlassGrant', data: { uid, email: address, emailVerified } }, account);
      },
      { actor },
    );
    return { uid: granted.streamId, email: granted.state!.email, actor, position: appendedAt(granted) };
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
  async revokeAdmin(actor: string, admin: { uid: string; email: string }): Promise<{ position: string }> {
    const revoked = await this.deps.handler.handle(
      this.stream(admin.uid),
      // Counted at the command's turn: two admins revoking each other cannot leave the shop without one.
      (state) =>
        this.decider.decide({ type: 'RevokeAdmin', data: { ...admin, otherAdmins: this.deps.states.otherAdmins(admin.uid) } }, state),
      { actor },
    );
    return { position: appendedAt(revoked) };
  }

  /** Each account is a stream of its own. */
  private stream(uid: string): Stream<UserState | undefined> {
    return streamOf(TOPICS.users, uid, this.deps.states);
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
