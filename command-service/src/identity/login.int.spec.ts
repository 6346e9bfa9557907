import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, parsePosition, type ApiError, type LoginResponse } from '@toolforge/contracts';
import { createAccount, tokenClaims } from '@toolforge/platform/testing';
import { loginBody, startCommandService, type CommandHarness } from '../test/harness.js';

describe('POST /login and /logout', () => {
  let shop: CommandHarness;
  beforeAll(async () => {
    shop = await startCommandService();
  });
  afterAll(() => shop.close());

  it('verifies the ID token and answers an API token with uid, name, email and admin', async () => {
    const account = await createAccount({ displayName: 'Ada Lovelace' });
    const response = await shop.postLogin({ token: account.idToken, payload: loginBody(account) });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.acknowledged).toBe(true);
    expect(parsePosition(body.position)).toMatchObject({ topic: 'identity.users' });
    expect(body.user).toEqual({ uid: account.uid, name: 'Ada Lovelace', email: account.email, admin: false });
    expect(tokenClaims(body.accessToken)).toMatchObject({ uid: account.uid, name: 'Ada Lovelace', email: account.email, admin: false });
  });

  it('records a sign-in that changes nothing once: 40 in a row append one event, and each token works', async () => {
    const account = await createAccount({ displayName: 'Ada Again', emailVerified: true });
    const before = await shop.eventCount();
    const answers = [];
    for (let signIn = 0; signIn < 40; signIn += 1)
      answers.push(await shop.postLogin({ token: account.idToken, payload: loginBody(account) }));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 40 }, () => 200));
    expect(await shop.eventCount()).toBe(before + 1);
    expect(answers.slice(1).map((answer) => answer.json<LoginResponse>().position)).toEqual(Array.from({ length: 39 }, () => undefined));
    const { accessToken = '' } = answers[39]!.json<LoginResponse>();
    const signedOut = await shop.send({
      method: 'POST',
      url: '/logout',
      token: accessToken,
      payload: { uid: account.uid, loggedIn: false },
    });
    expect(signedOut.statusCode).toBe(200);
    // Signed out, the next sign-in is recorded again.
    await shop.postLogin({ token: account.idToken, payload: loginBody(account) });
    expect(await shop.eventCount()).toBe(before + 3);
  });

  it('makes a verified ADMIN_EMAILS account an admin, and not an unverified one', async () => {
    const admin = await shop.admin();
    expect(tokenClaims(admin.accessToken).admin).toBe(true);
  });

  it('does not make an unverified ADMIN_EMAILS account an admin', async () => {
    const other = await startCommandService();
    try {
      const account = await createAccount({ email: other.adminEmail, emailVerified: false });
      const signedIn = await other.login(account);
      expect(tokenClaims(signedIn.accessToken).admin).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('acknowledges a sync without a bearer (the spec’s client) but records, grants and issues nothing', async () => {
    // Even for an ADMIN_EMAILS address: without a verified token it is only a claim.
    const account = { uid: 'someone', displayName: 'Shop Admin', email: shop.adminEmail };
    const before = await shop.eventCount();
    const response = await shop.postLogin({ payload: loginBody(account) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true });
    expect(await shop.eventCount()).toBe(before);
    // Its body is still checked.
    const bad = await shop.postLogin({ payload: loginBody(account, { admin: true }) });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a forged ID token, or an Authorization that is no bearer, with 401 and appends nothing', async () => {
    const account = await createAccount();
    const before = await shop.eventCount();
    const basic = await shop.postLogin({ headers: { authorization: 'Basic YWRhOnNlY3JldA==' }, payload: loginBody(account) });
    expect(basic.statusCode).toBe(401);
    for (const token of ['not-a-jwt', account.idToken.slice(0, -4) + 'AAAA']) {
      const response = await shop.postLogin({ token, payload: loginBody(account) });
      expect(response.statusCode).toBe(401);
    }
    expect(await shop.eventCount()).toBe(before);
  });

  it('refuses an API token in place of the ID token', async () => {
    const customer = await shop.customer();
    const response = await shop.postLogin({ token: customer.accessToken, payload: loginBody(customer) });
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().message).toBe(messages.invalidIdentityToken);
  });

  it('refuses a body whose uid is not the token’s (uid spoofing)', async () => {
    const victim = await createAccount();
    const attacker = await createAccount();
    const before = await shop.eventCount();
    const response = await shop.postLogin({ token: attacker.idToken, payload: loginBody(victim, { email: attacker.email }) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: messages.forbiddenOtherUser });
    expect(await shop.eventCount()).toBe(before);
  });

  it('refuses a body whose email is not the token’s (role escalation by admin email)', async () => {
    const attacker = await createAccount({ emailVerified: true });
    const response = await shop.postLogin({ token: attacker.idToken, payload: loginBody(attacker, { email: shop.adminEmail }) });
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().message).toBe(messages.emailMismatch);
  });

  it.each([{ admin: true }, { role: 'admin' }, { claims: { admin: true } }])(
    'refuses role fields in the body (%j) and grants nothing',
    async (extra) => {
      const account = await createAccount({ emailVerified: true });
      const before = await shop.eventCount();
      const response = await shop.postLogin({ token: account.idToken, payload: loginBody(account, extra) });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toMatch(/Unrecognized key/);
      expect(await shop.eventCount()).toBe(before);
      const signedIn = await shop.login(account);
      expect(tokenClaims(signedIn.accessToken).admin).toBe(false);
    },
  );

  it('answers malformed JSON with 400 and the reason, never 500', async () => {
    const account = await createAccount();
    const response = await shop.postLogin({ token: account.idToken, headers: { 'content-type': 'application/json' }, payload: '{"uid": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON' });
  });

  it('validates the login body with the spec’s messages', async () => {
    const account = await createAccount();
    const response = await shop.postLogin({ token: account.idToken, payload: loginBody(account, { email: 'nope' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(messages.loginEmail);
  });

  it('logs out the token’s own user only', async () => {
    const customer = await shop.customer();
    const other = await shop.customer();
    const foreign = await shop.postLogout(customer.accessToken, other.uid);
    expect(foreign.statusCode).toBe(403);
    const own = await shop.postLogout(customer.accessToken, customer.uid);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ acknowledged: true, position: expect.stringMatching(/^identity\.users\/0\/\d+$/) });
  });
});
