/**
 * The rebuild's throughput (issue 11): `toolforge rebuild` on the embedded default, next to a raw
 * read of the same log in the same run, so that the ratio says how much of the time the read model
 * takes beyond reading the log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  KafkaEventLog,
  PgliteEventLog,
  openEmbeddedPostgres,
  pgliteSql,
  type EventLog,
  type IdentifiedLog,
  type LogEndSource,
  type SqlExecutor,
} from '@toolforge/platform';
import { createTestDatabase, deleteTopics } from '@toolforge/platform/testing';
import { rebuildReadModel } from '@toolforge/projector';
import { writeOrderHistory } from './benchHistory.js';

/** On the 2-core machine the project is built for (issue 11's "Done when"). */
export const REBUILD_TARGETS = { eventsPerSecond: 30_000, ofRawRead: 0.4 } as const;

/** A fresh, empty log and read model to measure on, and how to throw them away. */
export interface BenchShop {
  readonly name: string;
  open(): Promise<{ log: EventLog & LogEndSource & IdentifiedLog; sql: SqlExecutor; close(): Promise<void> }>;
}

/** The embedded default: log and read model in one PGlite in a fresh data dir. */
export const embeddedBenchShop: BenchShop = {
  name: 'embedded (PGlite)',
  async open() {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolforge-bench-rebuild-'));
    const db = await openEmbeddedPostgres(dataDir);
    return {
      log: await PgliteEventLog.open(db),
      sql: pgliteSql(db),
      async close() {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * Services mode: the log on Kafka under a topic prefix of its own, the read model in a database of
 * its own on the PostgreSQL server; both deleted afterwards.
 */
export function serversBenchShop(brokers: readonly string[], postgresUrl: string): BenchShop {
  return {
    name: 'services (Kafka, PostgreSQL)',
    async open() {
      const topicPrefix = `bench-rebuild-${crypto.randomUUID().slice(0, 8)}.`;
      const database = await createTestDatabase(postgresUrl);
      const log = await KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}writer` });
      return {
        log,
        sql: database.sql,
        async close() {
          await log.close();
          await database.drop();
          await deleteTopics(brokers, topicPrefix);
        },
      };
    },
  };
}

export interface RebuildMeasure {
  readonly shop: string;
  readonly events: number;
  /** The mean of the raw reads before and after the rebuild. */
  readonly rawReadPerSecond: number;
  readonly rebuildPerSecond: number;
  /** The rebuild's throughput as a fraction of the raw read's. */
  readonly ratio: number;
}

/** Events per second of `work`, which answers how many events it went through. */
async function throughput(work: () => Promise<number>): Promise<{ events: number; perSecond: number }> {
  const started = performance.now();
  const events = await work();
  return { events, perSecond: Math.round(events / ((performance.now() - started) / 1000)) };
}

async function countEvents(log: EventLog): Promise<number> {
  let events = 0;
  for await (const page of log.readAll({ pageSize: 2000 })) events += page.events.length;
  return events;
}

/**
 * On a fresh shop: writes `orders` orders (with their products and customers), then reads the
 * whole log counting events, rebuilds the read model from it as the tool does, and reads it again.
 */
export async function measureRebuild(orders: number, shop: BenchShop = embeddedBenchShop): Promise<RebuildMeasure> {
  const opened = await shop.open();
  const { log, sql } = opened;
  try {
    const step = Math.max(1, Math.round(orders / 10));
    let reported = 0;
    const written = await writeOrderHistory(log, orders, (count) => {
      if (count - reported < step && count < orders) return;
      reported = count;
      console.log(`rebuild bench, ${shop.name}: writing the log, ${count.toLocaleString('en')} of ${orders.toLocaleString('en')} orders`);
    });
    console.log(`rebuild bench, ${shop.name}: ${written.events.toLocaleString('en')} events written in ${written.seconds.toFixed(1)} s`);

    // The raw read before the rebuild and again after it, and their mean: a read of a few seconds on a
    // shared machine moves by a quarter between runs, and what moved the rebuild moves one of them.
    const rawBefore = await throughput(() => countEvents(log));
    const rebuilt = await throughput(async () => {
      const outcome = await rebuildReadModel({ log, sql, liveProjectors: false });
      if (outcome.outcome !== 'switched') throw new Error(`the rebuild ended ${outcome.outcome}`);
      return outcome.events;
    });
    const rawAfter = await throughput(() => countEvents(log));
    for (const counted of [rawBefore.events, rawAfter.events, rebuilt.events]) {
      if (counted !== written.events)
        throw new Error(`${written.events} events written, but a read or the rebuild went through ${counted}`);
    }
    const raw = { perSecond: Math.round((rawBefore.perSecond + rawAfter.perSecond) / 2) };
    console.log(
      `rebuild bench, ${shop.name}: raw read ${rawBefore.perSecond.toLocaleString('en')} events/s before the rebuild, ${rawAfter.perSecond.toLocaleString('en')} after`,
    );
    return {
      shop: shop.name,
      events: written.events,
      rawReadPerSecond: raw.perSecond,
      rebuildPerSecond: rebuilt.perSecond,
      ratio: Math.round((rebuilt.perSecond / raw.perSecond) * 100) / 100,
    };
  } finally {
    await opened.close();
  }
}

/** Prints the measure beside its targets; answers the targets it missed. */
export function reportRebuild(measure: RebuildMeasure): string[] {
  console.table([
    {
      shop: measure.shop,
      events: measure.events,
      'raw read events/s': measure.rawReadPerSecond,
      'rebuild events/s': measure.rebuildPerSecond,
      'rebuild / raw read': measure.ratio,
      'target events/s': REBUILD_TARGETS.eventsPerSecond,
      'target ratio': REBUILD_TARGETS.ofRawRead,
    },
  ]);
  const missed: string[] = [];
  if (measure.rebuildPerSecond < REBUILD_TARGETS.eventsPerSecond) {
    missed.push(`rebuild on ${measure.shop} ${measure.rebuildPerSecond} events/s < ${REBUILD_TARGETS.eventsPerSecond} events/s`);
  }
  if (measure.ratio < REBUILD_TARGETS.ofRawRead) {
    missed.push(`rebuild on ${measure.shop} at ${measure.ratio} of the raw read < ${REBUILD_TARGETS.ofRawRead}`);
  }
  return missed;
}
