import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_PATHS, deadLetterMessages, type ApiError, type DeadLetterDryRunDto, type LogPosition } from '@toolforge/contracts';
import { productAdded } from '@toolforge/contracts/testing';
import { ANCHOR_DEFAULTS } from '@toolforge/platform/anchors';
import { PgliteEventLog, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import { pgliteSql, type SqlExecutor } from '@toolforge/platform/sql';
import { logWriter, sendTo } from '@toolforge/platform/testing';
import { Projector } from '../../projector.js';
import { openProjectorStore } from '../../projectorStore.js';
import { consoleApp, type ConsoleApp } from '../../test/consoleApp.js';

describe('GET /operator/dead-letters/:topic/:partition/:offset/dry-run', { timeout: 120_000 }, () => {
  const closers: (() => Promise<unknown>)[] = [];
  let consoleApi: ConsoleApp;
  let sql: SqlExecutor;
  let letter: LogPosition;

  const admin = () => consoleApi.admin();
  const customer = () => consoleApi.customer();
  const dryRun = (action: string, at: LogPosition = letter, token: string | null = admin()) =>
    sendTo(consoleApi.app, { method: 'GET', url: DEAD_LETTER_PATHS.dryRun(at, action as 'retry'), token: token ?? undefined });
  const products = async () => (await sql.query<{ name: string }>('select name from products order by name')).rows.map((row) => row.name);

  beforeAll(async () => {
    const logDb = await openEmbeddedPostgres(null);
    closers.push(() => logDb.close());
    const readModelDb = await openEmbeddedPostgres(null);
    closers.push(() => readModelDb.close());
    const log = await PgliteEventLog.open(logDb);
    sql = pgliteSql(readModelDb);
    const store = await openProjectorStore(sql);
    // The read model refuses the vise while the check is on: its ProductAdded becomes a dead letter.
    await sql.query(`alter table products add constraint refuse_vises check (name <> 'Bench Vise')`);
    letter = (await logWriter(log)(productAdded({ productId: 'p-vise', name: 'Bench Vise' }))).position;
    await new Projector({ log, store }).catchUp();
    consoleApi = await consoleApp(
      { log, logDescription: 'the test log', readModel: sql, readModelDescription: 'the test read model' },
      {
        deadLetters: store,
        verify: { anchors: { ...ANCHOR_DEFAULTS, dir: '', signingKeyFile: '' }, publicKey: undefined },
      },
    );
    closers.push(() => consoleApi.close());
  });
  afterAll(async () => {
    while (closers.length > 0) await closers.pop()!();
  });

  it('says a retry would be refused again while the database refuses the event, and changes nothing', async () => {
    const response = await dryRun('retry');
    expect(response.statusCode).toBe(200);
    expect(response.json<DeadLetterDryRunDto>()).toEqual({
      action: 'retry',
      position: `${letter.topic}/${letter.partition}/${letter.offset}`,
      type: 'ProductAdded',
      event: expect.objectContaining({ type: 'ProductAdded', data: expect.objectContaining({ productId: 'p-vise' }) }),
      wouldApply: false,
      error: expect.stringMatching(/refuse_vises.*23514/),
      rows: [],
    });
  });

  it('says a retry would now go through, with the rows it would write, and rolls them back', async () => {
    await sql.query('alter table products drop constraint refuse_vises');
    const answer = (await dryRun('retry')).json<DeadLetterDryRunDto>();
    expect(answer).toMatchObject({ wouldApply: true, error: null });
    expect(answer.rows).toContainEqual({ table: 'products', key: 'product_id = p-vise' });
    expect(await products()).toEqual([]);
    const letters = await sql.query('select 1 from projection_dead_letters');
    expect(letters.rows).toHaveLength(1);
  });

  it('names the event a skip would leave out', async () => {
    expect((await dryRun('skip')).json<DeadLetterDryRunDto>()).toMatchObject({
      action: 'skip',
      type: 'ProductAdded',
      wouldApply: true,
      event: { type: 'ProductAdded' },
    });
  });

  it('is for admins only, answers 404 for no such letter and 400 for no action', async () => {
    expect((await dryRun('retry', letter, null)).statusCode).toBe(401);
    expect((await dryRun('retry', letter, customer())).statusCode).toBe(403);
    const none = await dryRun('retry', { ...letter, offset: letter.offset + 7 });
    expect(none.statusCode).toBe(404);
    expect(none.json<ApiError>().message).toBe(deadLetterMessages.notFound);
    const wrong = await dryRun('delete');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().message).toBe(deadLetterMessages.action);
  });
});
