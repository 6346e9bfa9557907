import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, type ApiError } from '@toolforge/contracts';
import { signApiTokenForTest } from '../testing/apiTokens.js';
import { sendTo } from '../testing/http.js';
import { adminByStanding, sessionIsCurrent, type UserStanding } from '../userStanding.js';
import { apiTokens } from './apiToken.js';
import { useErrorReplies } from './errorReplies.js';

const SECRET = 'api-token-test-secret-long-enough-for-hs256';

describe('API tokens', () => {
  let app: FastifyInstance;
  /** The standings the services would know, by uid. */
  const standings = new Map<string, UserStanding>();

  beforeAll(async () => {
    app = Fastify();
    useErrorReplies(app);
    await app.register(apiTokens, {
      secret: SECRET,
      isAdmin: (caller) => adminByStanding(caller, standings.get(caller.uid)),
      isSessionCurrent: (caller) => sessionIsCurrent(caller, standings.get(caller.uid)),
    });
    app.get('/me', { onRequest: app.authenticate }, (request) => Promise.resolve(request.user));
    app.get('/admin', { onRequest: app.requireAdmin }, () => Promise.resolve({ ok: true }));
    app.get('/issue/:uid/:sv', (request) => {
      const { uid, sv } = request.params as { uid: string; sv: string };
      return Promise.resolve({ token: app.issueApiToken({ uid, name: 'Ada', email: `${uid}@toolforge.test`, admin: true }, Number(sv)) });
    });
  });
  afterAll(() => app.close());

  const issued = async (uid: string, sv: number) =>
    (await app.inject({ method: 'GET', url: `/issue/${uid}/${sv}` })).json<{ token: string }>().token;
  const call = (url: string, token: string) => sendTo(app, { method: 'GET', url, token });
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

  it('issues tokens with the shop’s issuer and audience, an expiry and the session version, and accepts them', async () => {
    const token = await issued('u-ada', 3);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ iss: 'toolforge', aud: 'toolforge-api', uid: 'u-ada', admin: true, sv: 3 });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(12 * 3600);
    const me = await call('/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      uid: 'u-ada',
      name: 'Ada',
      email: 'u-ada@toolforge.test',
      admin: true,
      sessionVersion: 3,
      // When it was issued: a session the identity provider revoked since has ended (ProviderAccounts).
      issuedAt: Number(claims.iat) * 1000,
    });
  });

  it.each([
    ['no expiry', { exp: undefined }],
    ['no issuer', { iss: undefined }],
    ['no audience', { aud: undefined }],
    ['another issuer', { iss: 'someone-else' }],
    ['another audience', { aud: 'another-api' }],
    ['no session version', { sv: undefined }],
    ['a session version that is not a count', { sv: 'one' }],
    ['no uid', { uid: undefined }],
  ])('refuses a token with %s (401)', async (_case, claims) => {
    const token = signApiTokenForTest({ uid: 'u-ada', name: 'Ada', email: 'ada@toolforge.test', admin: false, ...claims }, SECRET);
    const response = await call('/me', token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: messages.unauthenticated });
  });

  it('accepts the same claims when complete (the refusals above are about the claim, not the signing)', async () => {
    const token = signApiTokenForTest({ uid: 'u-ada', name: 'Ada', email: 'ada@toolforge.test', admin: false }, SECRET);
    expect((await call('/me', token)).statusCode).toBe(200);
  });

  it('refuses a token issued before the account’s sessions ended (401), and takes one issued after', async () => {
    const before = await issued('u-bo', 1);
    const after = await issued('u-bo', 3);
    standings.set('u-bo', { admin: false, version: 3, sessionsEndedAt: 2 });
    const ended = await call('/me', before);
    expect(ended.statusCode).toBe(401);
    expect(ended.json<ApiError>().message).toBe(messages.sessionEnded);
    expect((await call('/me', after)).statusCode).toBe(200);
  });

  it('refuses a token it verified before, once its session ends: remembering verified tokens does not outlast a sign-out', async () => {
    const token = await issued('u-di', 1);
    for (let call_ = 0; call_ < 3; call_ += 1) expect((await call('/me', token)).statusCode).toBe(200);
    standings.set('u-di', { admin: false, version: 2, sessionsEndedAt: 2 });
    const ended = await call('/me', token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json<ApiError>().message).toBe(messages.sessionEnded);
    // A token with the same claims and another signature was never verified, whatever was remembered.
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    standings.delete('u-di');
    expect((await call('/me', forged)).statusCode).toBe(401);
    expect((await call('/me', token)).statusCode).toBe(200);
  });

  it('refuses a token it verified before, once the token has expired', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = signApiTokenForTest({ uid: 'u-eve', name: 'Eve', email: 'eve@toolforge.test', admin: false, exp }, SECRET);
    expect((await call('/me', token)).statusCode).toBe(200);
    expect((await call('/me', token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 1) * 1000 });
    try {
      const expired = await call('/me', token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json<ApiError>().message).toBe(messages.unauthenticated);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the role from the standing, and the claim only while the standing lags behind the token', async () => {
    const token = await issued('u-cy', 2);
    expect((await call('/admin', token)).statusCode).toBe(200);
    standings.set('u-cy', { admin: true, version: 1, sessionsEndedAt: 0 });
    expect((await call('/admin', token)).statusCode).toBe(200);
    // The standing knows the token's sign-in, and says otherwise: its word counts.
    standings.set('u-cy', { admin: false, version: 2, sessionsEndedAt: 0 });
    const refused = await call('/admin', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toBe(messages.forbiddenAdmin);
  });
});

describe('judging a token by the account’s standing', () => {
  const token = { admin: true, sessionVersion: 4 };
  it('ends a session when a sign-out or revocation came after the token', () => {
    expect(sessionIsCurrent(token, undefined)).toBe(true);
    expect(sessionIsCurrent(token, { admin: true, version: 4, sessionsEndedAt: 4 })).toBe(true);
    expect(sessionIsCurrent(token, { admin: true, version: 5, sessionsEndedAt: 5 })).toBe(false);
  });

  it('takes the role from the standing once it knows what the token knew', () => {
    expect(adminByStanding(token, undefined)).toBe(true);
    expect(adminByStanding(token, { admin: false, version: 3, sessionsEndedAt: 0 })).toBe(true);
    expect(adminByStanding(token, { admin: false, version: 4, sessionsEndedAt: 0 })).toBe(false);
    expect(adminByStanding({ admin: false, sessionVersion: 1 }, { admin: true, version: 2, sessionsEndedAt: 0 })).toBe(true);
  });
});
