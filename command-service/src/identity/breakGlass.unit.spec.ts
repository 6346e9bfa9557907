import { describe, expect, it } from 'vitest';
import { messages } from '@toolforge/contracts';
import type { VerifiedIdentity } from '@toolforge/platform/identity';
import { deciderSpec, fact } from '../test/deciderSpec.js';
import { memoryLog } from '../test/memoryLog.js';
import { CommandHandler } from '../shared/commandHandler.js';
import { CommandRejected } from '../shared/decider.js';
import { WriteModel } from '../shared/writeModel.js';
import { AccountStates } from './accountStates.js';
import { Accounts, breakGlassMessages } from './accounts.js';
import { userDecider, type UserCommand } from './decide.js';

const spec = deciderSpec(userDecider({ adminEmails: new Set(['boss@toolforge.test']) }));

const signedIn = (uid: string, email: string, emailVerified = true) =>
  ({ type: 'UserSignedIn', data: { uid, email, name: 'Ada', photoURL: null, emailVerified } }) as const;
const granted = (reason: 'ADMIN_EMAILS' | 'break-glass') =>
  ({ type: 'AdminGranted', data: { uid: 'u1', email: 'boss@toolforge.test', reason } }) as const;
const revoked = { type: 'AdminRevoked', data: { uid: 'u1', email: 'boss@toolforge.test' } } as const;
const breakGlass = (emailVerified = true): UserCommand => ({
  type: 'BreakGlassGrant',
  data: { uid: 'u1', email: 'boss@toolforge.test', emailVerified },
});

describe('the operator’s break-glass grant, decided', () => {
  it('makes a revoked admin an admin again, which neither ADMIN_EMAILS nor a sign-in does', () => {
    const history = [fact(signedIn('u1', 'boss@toolforge.test')), fact(granted('ADMIN_EMAILS')), fact(revoked)];
    spec
      .given(history)
      .when(breakGlass())
      .then([granted('break-glass')]);
  });

  it('is refused for an account that is an admin already', () => {
    spec
      .given([fact(signedIn('u1', 'boss@toolforge.test')), fact(granted('ADMIN_EMAILS'))])
      .when(breakGlass())
      .thenRejects('conflict', messages.alreadyAdmin);
  });

  it('is refused for an account that has not verified its address (it may only claim it)', () => {
    spec
      .given([fact(signedIn('u1', 'boss@toolforge.test', false))])
      .when(breakGlass(false))
      .thenRejects('conflict', messages.adminEmailUnverified);
  });
});

describe('the operator’s break-glass grant, by address among the log’s accounts', () => {
  /** Accounts whose log holds these accounts' sign-ins. */
  async function accountsWith(...identities: (VerifiedIdentity & { email: string })[]) {
    const { log, events } = memoryLog();
    const states = new AccountStates();
    const model = new WriteModel([states]);
    const handler = new CommandHandler({ log, model });
    const accounts = new Accounts({ handler, model, states, policy: { adminEmails: new Set() } });
    for (const identity of identities) await accounts.signIn(identity, 'Ada');
    return { accounts, events };
  }
  const account = (uid: string, email: string, emailVerified = true) => ({
    uid,
    email,
    emailVerified,
    name: 'Ada',
    picture: null,
    expiresAt: 0,
    authTime: 0,
  });

  it('grants the account of that address, whatever its case, with the operator as the event’s actor', async () => {
    const { accounts, events } = await accountsWith(account('u1', 'Boss@Toolforge.test'));
    const answer = await accounts.breakGlassGrant('alice', 'boss@toolforge.TEST');
    expect(answer).toEqual({ uid: 'u1', email: 'Boss@Toolforge.test', actor: 'operator:alice', position: expect.any(String) });
    expect(events.at(-1)).toMatchObject({
      type: 'AdminGranted',
      data: { uid: 'u1', email: 'Boss@Toolforge.test', reason: 'break-glass' },
      meta: { actor: 'operator:alice' },
    });
  });

  it('refuses an address no account of the log has (it must sign in once), appending nothing', async () => {
    const { accounts, events } = await accountsWith(account('u1', 'boss@toolforge.test'));
    const before = events.length;
    await expect(accounts.breakGlassGrant('alice', 'nobody@toolforge.test')).rejects.toEqual(
      new CommandRejected('not-found', breakGlassMessages.unknownEmail('nobody@toolforge.test')),
    );
    expect(events).toHaveLength(before);
  });

  it('grants the verified account when an unverified one claims the same address too', async () => {
    const { accounts } = await accountsWith(account('u-claim', 'boss@toolforge.test', false), account('u1', 'boss@toolforge.test'));
    await expect(accounts.breakGlassGrant('alice', 'boss@toolforge.test')).resolves.toMatchObject({ uid: 'u1' });
  });

  it('refuses an address that names no single account: two verified ones, or one that only claims it', async () => {
    const two = await accountsWith(account('u1', 'boss@toolforge.test'), account('u2', 'BOSS@toolforge.test'));
    await expect(two.accounts.breakGlassGrant('alice', 'boss@toolforge.test')).rejects.toMatchObject({
      reason: 'conflict',
      message: breakGlassMessages.severalAccounts('boss@toolforge.test', ['u1', 'u2']),
    });
    const unverified = await accountsWith(account('u-claim', 'boss@toolforge.test', false));
    await expect(unverified.accounts.breakGlassGrant('alice', 'boss@toolforge.test')).rejects.toMatchObject({
      reason: 'conflict',
      message: messages.adminEmailUnverified,
    });
  });
});
