import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_PATHS, deadLetterMessages, messages, type ApiError } from '@toolforge/contracts';
import { openEmbeddedPostgres, type EmbeddedPostgres } from '@toolforge/platform/pglite';
import { PROJECTION_TABLES, pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { readEvents } from '@toolforge/platform/testing';
import { startCommandService, type CommandHarness, type SignedIn } from '../test/harness.js';

describe('POST /operator/dead-letters/retry and /skip', () => {
  let readModelDb: EmbeddedPostgres;
  let readModel: SqlExecutor;
  let shop: CommandHarness;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeAll(async () => {
    readModelDb = await openEmbeddedPostgres(null);
    readModel = pgliteSql(readModelDb);
    for (const migration of PROJECTION_TABLES.migrations) await readModelDb.exec(migration.ddl);
    // A letter the projector set aside: an order the database refused.
    await readModel.query(
      `insert into projection_dead_letters (topic, partition, "offset", event_type, event, error) values ('sales.orders', 0, 41, 'OrderPlaced', '{}', 'refused (SQLSTATE 23514)')`,
    );
    shop = await startCommandService({ readModel });
    admin = await shop.admin();
    customer = await shop.customer();
  });
  afterAll(async () => {
    await shop.close();
    await readModelDb.close();
  });

  const letter = { topic: 'sales.orders', partition: 0, offset: 41 };
  const decide = (action: 'retry' | 'skip', payload: object, token: string | null = admin.accessToken) =>
    shop.send({ method: 'POST', url: DEAD_LETTER_PATHS[action], token: token ?? undefined, payload });

  /** Sends `request` and expects it refused with `status` (and `message`), appending nothing. */
  async function expectRefused(request: () => Promise<{ statusCode: number; json<T>(): T }>, status: number, message?: string) {
    const before = await shop.eventCount();
    const response = await request();
    expect(response.statusCode).toBe(status);
    if (message !== undefined) expect(response.json<ApiError>().message).toBe(message);
    expect(await shop.eventCount()).toBe(before);
  }

  it.each(['retry', 'skip'] as const)(
    '%s: appends exactly one decision by the admin, with their reason, keyed by the letter (202)',
    async (action) => {
      const before = await readEvents(shop.log);
      const response = await decide(action, { ...letter, reason: '  the check was fixed in 1.4  ' });
      expect(response.statusCode).toBe(202);
      const after = await readEvents(shop.log);
      expect(after).toHaveLength(before.length + 1);
      const decided = after.at(-1)!;
      expect(decided).toMatchObject({
        type: action === 'retry' ? 'DeadLetterRetried' : 'DeadLetterSkipped',
        streamId: 'sales.orders/0/41',
        position: { topic: 'toolforge.operations' },
        data: { letter: 'sales.orders/0/41', ...letter, eventType: 'OrderPlaced', by: admin.uid, reason: 'the check was fixed in 1.4' },
        meta: { actor: admin.uid },
      });
      expect(response.json()).toEqual({ acknowledged: true, position: `toolforge.operations/0/${decided.position.offset}` });
    },
  );

  it('is for admins only: 401 without a bearer, 403 for a customer', async () => {
    await expectRefused(() => decide('retry', { ...letter, reason: 'x' }, null), 401);
    await expectRefused(() => decide('skip', { ...letter, reason: 'x' }, customer.accessToken), 403);
  });

  it('answers 404 for a letter the read model does not hold', async () => {
    await expectRefused(() => decide('retry', { ...letter, offset: 42, reason: 'x' }), 404, deadLetterMessages.notFound);
    await expectRefused(() => decide('skip', { ...letter, topic: 'catalog.products', reason: 'x' }), 404, deadLetterMessages.notFound);
  });

  it.each([
    [{ ...letter }, deadLetterMessages.reason],
    [{ ...letter, reason: '   ' }, deadLetterMessages.reason],
    [{ ...letter, reason: 'x'.repeat(201) }, messages.reasonMax],
    [{ ...letter, reason: 'fixed\u202e' }, undefined],
    [{ ...letter, topic: 'secrets', reason: 'x' }, deadLetterMessages.topic],
    [{ ...letter, offset: -1, reason: 'x' }, deadLetterMessages.offset],
    [{ ...letter, partition: '0', reason: 'x' }, deadLetterMessages.partition],
    [{ ...letter, reason: 'x', extra: true }, undefined],
  ])('refuses the body %j (400), appending nothing', async (body, message) => {
    await expectRefused(() => decide('retry', body), 400, message);
  });
});
