import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ApiError } from '@toolforge/contracts';
import { adminGranted, adminRevoked, userSignedIn, userSignedOut } from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';

/**
 * The query service judges API tokens by the read model's users table: a logout or a revocation
 * ends the tokens issued before it, and a revoked role is gone for the tokens that claimed it.
 * (The table's reads are the ReadStore suite's, on PGlite and PostgreSQL alike.)
 */
describe('sessions and roles at the query service', () => {
  let shop: QueryHarness;
  beforeAll(async () => {
    shop = await startQueryService();
  });
  afterAll(() => shop.close());

  /** Each account's events, appended in order: its stream versions are 1, 2, 3, … */
  const happened = async (...events: Parameters<QueryHarness['append']>) => {
    await shop.append(...events);
    await shop.project();
  };

  it('refuses a token issued before a logout (401) once the projector applied it, and takes one issued after', async () => {
    await happened(userSignedIn({ uid: 'u-ada' }));
    const before = shop.token({ uid: 'u-ada', sessionVersion: 1 });
    expect((await shop.get('/orders/u-ada', { token: before })).statusCode).toBe(200);

    await happened(userSignedOut('u-ada'), userSignedIn({ uid: 'u-ada' }));
    const ended = await shop.get('/orders/u-ada', { token: before });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: messages.sessionEnded });
    expect((await shop.get('/productscount', { token: before })).statusCode).toBe(401);

    const after = shop.token({ uid: 'u-ada', sessionVersion: 3 });
    expect((await shop.get('/orders/u-ada', { token: after })).statusCode).toBe(200);
  });

  it('ends a revoked admin’s token at once: no more admin reads, no reads at all', async () => {
    await happened(userSignedIn({ uid: 'u-clerk' }), adminGranted('u-clerk'));
    const clerk = shop.token({ uid: 'u-clerk', admin: true, sessionVersion: 2 });
    expect((await shop.get('/allorders', { token: clerk })).statusCode).toBe(200);

    await happened(adminRevoked('u-clerk'));
    const refused = await shop.get('/allorders', { token: clerk });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ApiError>().message).toBe(messages.sessionEnded);
    expect((await shop.get('/orders/u-ada', { token: clerk })).statusCode).toBe(401);
  });

  it('takes the role from the users table, not from an admin claim, once the table knows the token’s sign-in', async () => {
    await happened(userSignedIn({ uid: 'u-bo' }), adminGranted('u-bo'), adminRevoked('u-bo'), userSignedIn({ uid: 'u-bo' }));
    // Signed with the service's key, issued at the latest sign-in, yet claiming a role taken back.
    const claimsAdmin = shop.token({ uid: 'u-bo', admin: true, sessionVersion: 4 });
    const refused = await shop.get('/allorders', { token: claimsAdmin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toBe(messages.forbiddenAdmin);
    expect((await shop.get('/orders/u-ada', { token: claimsAdmin })).statusCode).toBe(403);
  });

  it('takes the admin claim while the projector has not applied the sign-in the token was issued at', async () => {
    // No row yet: a first sign-in, with AdminGranted, not projected.
    expect((await shop.get('/allorders', { token: shop.token({ uid: 'u-new-admin', admin: true, sessionVersion: 2 }) })).statusCode).toBe(
      200,
    );
    // A row that has not caught up with the token (it knows version 1, the token was issued at 3).
    await happened(userSignedIn({ uid: 'u-regranted' }));
    expect((await shop.get('/allorders', { token: shop.token({ uid: 'u-regranted', admin: true, sessionVersion: 3 }) })).statusCode).toBe(
      200,
    );
  });
});
