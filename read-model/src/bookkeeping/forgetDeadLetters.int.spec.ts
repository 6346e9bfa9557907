import { describe, expect, it } from 'vitest';
import type { ShopEvent } from '@toolforge/contracts';
import { customerForgotten, orderPlaced, reviewPosted } from '@toolforge/contracts/testing';
import { stored } from '@toolforge/platform/testing';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { projectOneByOne, useEmptiedReadModel } from '../testing/emptiedReadModel.js';
import { readOnceForgotten } from '../testing/forgetting.js';

describe('an erased customer’s dead letters', () => {
  const { emptied: readModel } = useEmptiedReadModel();
  const vise = { productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 };
  const ada = { userId: 'u-ada', userName: 'Ada Lovelace' };

  /** Sets events aside as the projection store does (platform's projectionStore.ts): each kept as its JSON text. */
  async function setAside(sql: SqlExecutor, events: readonly ShopEvent[]): Promise<void> {
    for (const [offset, event] of events.entries()) {
      await sql.query(
        `insert into projection_dead_letters (topic, partition, "offset", event_type, event, error) values ('test', 0, $1, $2, $3, 'refused')`,
        [offset, event.type, JSON.stringify(stored(event, offset))],
      );
    }
  }
  const letters = async (sql: SqlExecutor) =>
    (await sql.query<{ event: string }>(`select event from projection_dead_letters order by "offset"`)).rows.map((row) => row.event);

  it('keep no personal value of theirs: each reads as a rebuild would set it aside again; another customer’s stay as they were', async () => {
    const adas = [
      reviewPosted(vise, { reviewId: 'r-ada', rating: 4, text: 'Ordered for my flat on Baker Street, 4b.', ...ada }),
      orderPlaced(vise, { orderId: 'o-ada', shippingAddress: '12 Analytical Row\u0000, London', ...ada }),
    ];
    const bos = orderPlaced(vise, { orderId: 'o-bo', userId: 'u-bo', userName: 'Bo Builder', shippingAddress: '3 Mill Lane, Leeds' });
    const live = await readModel();
    await setAside(live, [...adas, bos]);
    await projectOneByOne(live, [stored(customerForgotten('u-ada'), 0)]);
    const kept = await letters(live);

    const rebuilt = await readModel();
    await setAside(rebuilt, [...adas.map((event) => readOnceForgotten(event, 'u-ada')), bos]);
    expect(kept).toEqual(await letters(rebuilt));
    expect(kept.slice(0, 2).join()).not.toMatch(/Ada Lovelace|Baker Street|Analytical Row/);
    expect(kept[2]).toContain('3 Mill Lane, Leeds');
  });
});
