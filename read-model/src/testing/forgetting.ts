import { expect } from 'vitest';
import { TOPICS, dataKeyOf, forgottenData, type ShopEvent } from '@toolforge/contracts';
import { customerForgotten, streamIdOf } from '@toolforge/contracts/testing';
import type { StoredEvent } from '@toolforge/platform';
import { stored } from '@toolforge/platform/testing';
import type { SqlExecutor } from '@toolforge/platform/sql';
import { projectOneByOne } from './emptiedReadModel.js';

/**
 * `event` as every reader sees it once `uid`'s personal key is destroyed: each personal value sealed
 * by it reads as contracts' forgottenValue(path). An issued document's buyer block is sealed by the
 * customer's invoices key, which the erasure keeps (the law keeps invoices): it reads as it was.
 */
export function readOnceForgotten<Event extends ShopEvent>(event: Event, uid: string): Event {
  const key = dataKeyOf(event.type, event.data);
  if (key?.uid !== uid || key.purpose !== 'personal') return event;
  return { ...event, data: forgottenData(event.type, event.data) };
}

/** Events as a log holds them: each at the next offset of its topic's one partition and the next version of its stream. */
export function inLog(events: readonly ShopEvent[]): StoredEvent[] {
  const offsets = new Map<string, number>();
  const versions = new Map<string, number>();
  return events.map((event) => {
    const probe = stored(event, 0);
    const offset = offsets.get(probe.position.topic) ?? 0;
    const stream = `${probe.position.topic}/${streamIdOf(event)}`;
    const version = (versions.get(stream) ?? 0) + 1;
    offsets.set(probe.position.topic, offset + 1);
    versions.set(stream, version);
    return stored(event, offset, version);
  });
}

/** The rows of each table, every column, in the order given (`table` → its order by). */
async function rowsOf(sql: SqlExecutor, tables: Readonly<Record<string, string>>): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const [table, orderBy] of Object.entries(tables)) rows[table] = (await sql.query(`select * from ${table} order by ${orderBy}`)).rows;
  return rows;
}

/**
 * What makes an erasure right (docs/read-model.md#forgetting-a-customer): the read model that
 * applied `history` and then the customer's CustomerForgotten holds exactly the rows of one built
 * again from a log where each of their personal values already reads as forgotten, followed by the
 * CustomerForgotten, whether a rebuild applies the accounts' topic before the others or after them.
 * Answers the rows, for the test to say what they hold.
 */
export async function expectForgottenAsRebuilt(
  readModel: () => Promise<SqlExecutor>,
  history: readonly ShopEvent[],
  uid: string,
  tables: Readonly<Record<string, string>>,
): Promise<Record<string, unknown[]>> {
  const forgotten = customerForgotten(uid);
  const live = await readModel();
  await projectOneByOne(live, inLog([...history, forgotten]));
  const kept = await rowsOf(live, tables);

  const log = inLog([...history.map((event) => readOnceForgotten(event, uid)), forgotten]);
  const accountsFirst = [...log].sort((a, b) => Number(b.position.topic === TOPICS.users) - Number(a.position.topic === TOPICS.users));
  for (const [order, events] of [
    ['the log’s order', log],
    ['the accounts’ topic first', accountsFirst],
  ] as const) {
    const rebuilt = await readModel();
    await projectOneByOne(rebuilt, events);
    expect(await rowsOf(rebuilt, tables), order).toEqual(kept);
  }
  return kept;
}
