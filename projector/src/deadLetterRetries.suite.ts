import { afterEach, describe, expect, it } from 'vitest';
import type { LogPosition } from '@toolforge/contracts';
import { deadLetterRetried, deadLetterSkipped, productAdded } from '@toolforge/contracts/testing';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { logWriter } from '@toolforge/platform/testing';
import { Projector } from './projector.js';
import { openTestReadModel } from './test/readModel.js';

/** A read model's database, empty; `close` drops it. */
export type OpenSql = () => Promise<{ sql: SqlExecutor; close: () => Promise<void> }>;

/** The read model refuses any product of this name while the check is on: the database's refusal (SQLSTATE 23514) of an event. */
const REFUSED_NAME = 'Bench Vise';
const refuseVises = (sql: SqlExecutor) =>
  sql.query(`alter table products add constraint refuse_vises check (name <> '${REFUSED_NAME}')`).then(() => undefined);
const takeVises = (sql: SqlExecutor) => sql.query('alter table products drop constraint refuse_vises').then(() => undefined);

/**
 * An admin's decisions about dead letters, as the projector applies them (deadLetterRetries.ts,
 * platform's projectionStore.ts, read-model's bookkeeping): a retry applies the letter's event from
 * the log in the retry's transaction, or keeps the letter with the new refusal; a skip drops it and
 * records it. Run on each database the read model lives in; the log is the embedded one.
 */
export function describeDeadLetterRetries(database: string, openSql: OpenSql): void {
  describe(`dead letters retried and skipped on ${database}`, () => {
    const closers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      while (closers.length > 0) await closers.pop()!();
    });

    async function openShop() {
      const db = await openEmbeddedPostgres(null);
      closers.push(() => db.close());
      const log = await PgliteEventLog.open(db);
      const opened = await openSql();
      closers.push(opened.close);
      const store = await openTestReadModel(opened.sql);
      const projector = new Projector({ log, store });
      const append = logWriter(log);
      /** Appends the event and has the projector apply the log; answers where the event sits. */
      const applied = async (event: Parameters<typeof append>[0]): Promise<LogPosition> => {
        const { position } = await append(event);
        await projector.catchUp();
        return position;
      };
      return { sql: opened.sql, store, applied };
    }

    const letters = async (sql: SqlExecutor) =>
      (
        await sql.query<{ offset: unknown; event_type: string; error: string; retries: number }>(
          'select "offset", event_type, error, retries from projection_dead_letters order by "offset"',
        )
      ).rows.map((row) => ({ offset: Number(row.offset), type: row.event_type, error: row.error, retries: Number(row.retries) }));

    const vise = () => productAdded({ productId: 'p-vise', name: REFUSED_NAME });

    it('applies a retried letter’s event once the database takes it, and removes the letter in the same commit', async () => {
      const { sql, store, applied } = await openShop();
      await refuseVises(sql);
      const letter = await applied(vise());
      await applied(productAdded({ productId: 'p-drill', name: 'Cordless Drill' }));
      expect(await letters(sql)).toEqual([
        { offset: letter.offset, type: 'ProductAdded', error: expect.stringMatching(/refuse_vises.*23514/), retries: 0 },
      ]);
      expect(await store.findProduct('p-vise')).toBeUndefined();

      await takeVises(sql);
      await applied(deadLetterRetried(letter, 'ProductAdded'));
      expect(await letters(sql)).toEqual([]);
      expect(await store.findProduct('p-vise')).toMatchObject({ name: REFUSED_NAME });
      expect(await store.findProduct('p-drill')).toMatchObject({ name: 'Cordless Drill' });

      // A second retry of the same letter finds none: the event is not applied twice.
      await sql.query(`update products set name = 'Bench Vise (renamed)' where product_id = 'p-vise'`);
      await applied(deadLetterRetried(letter, 'ProductAdded', 'clicked twice'));
      expect(await store.findProduct('p-vise')).toMatchObject({ name: 'Bench Vise (renamed)' });
      expect(await letters(sql)).toEqual([]);
    });

    it('keeps a letter the database still refuses, with the new refusal and one more retry; the partitions go on', async () => {
      const { sql, store, applied } = await openShop();
      await refuseVises(sql);
      const letter = await applied(vise());
      await sql.query(`update projection_dead_letters set error = 'the first refusal'`);
      await applied(deadLetterRetried(letter, 'ProductAdded'));
      await applied(deadLetterRetried(letter, 'ProductAdded', 'tried again'));
      expect(await letters(sql)).toEqual([
        { offset: letter.offset, type: 'ProductAdded', error: expect.stringMatching(/refuse_vises.*23514/), retries: 2 },
      ]);
      expect(await store.findProduct('p-vise')).toBeUndefined();
      // The retries themselves went through: the operators' partition is past them, and later events apply.
      await applied(productAdded({ productId: 'p-drill', name: 'Cordless Drill' }));
      expect(await store.findProduct('p-drill')).toBeDefined();
      expect((await store.checkpoints()).find((checkpoint) => checkpoint.topic === 'toolforge.operations')?.nextOffset).toBeGreaterThan(0);
    });

    it('drops a skipped letter and records who skipped it, why and when; a retry after it applies nothing', async () => {
      const { sql, store, applied } = await openShop();
      await refuseVises(sql);
      const letter = await applied(vise());
      const skip = deadLetterSkipped(letter, 'ProductAdded', 'a test product, never sold');
      await applied(skip);
      expect(await letters(sql)).toEqual([]);
      const skipped = await sql.query<Record<string, unknown>>(
        'select topic, partition, "offset", event_type, skipped_by, reason, skipped_at from projection_skipped_letters',
      );
      expect(
        skipped.rows.map((row) => ({
          ...row,
          partition: Number(row.partition),
          offset: Number(row.offset),
          skipped_at: new Date(row.skipped_at as string).toISOString(),
        })),
      ).toEqual([
        {
          topic: letter.topic,
          partition: letter.partition,
          offset: letter.offset,
          event_type: 'ProductAdded',
          skipped_by: 'admin-uid',
          reason: 'a test product, never sold',
          skipped_at: skip.meta.occurredAt,
        },
      ]);
      await takeVises(sql);
      await applied(deadLetterRetried(letter, 'ProductAdded'));
      await applied(deadLetterSkipped(letter, 'ProductAdded', 'twice'));
      expect(await store.findProduct('p-vise')).toBeUndefined();
      expect((await sql.query('select reason from projection_skipped_letters')).rows).toEqual([{ reason: 'a test product, never sold' }]);
    });
  });
}
