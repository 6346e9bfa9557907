import { ALL_TOPICS } from '@toolforge/contracts';
import { sqlCheckpoints } from '@toolforge/platform/sql';
import { EXIT, textTable, type CliIo } from './output.js';
import { CannotConnect, type ShopConnection, type ShopSource } from './shopConnection.js';

/** Where the projection of one partition stands against the log's end. */
export interface PartitionStatus {
  readonly topic: string;
  readonly partition: number;
  readonly checkpoint: number;
  readonly logEnd: number;
  /** Events still to project: counted by reading them, since Kafka's transaction markers take offsets too. */
  readonly lag: number;
  /** How long the oldest event still to project has waited, in seconds (0 when none waits). */
  readonly lagSeconds: number;
}

export interface ProjectionStatus {
  readonly log: string;
  readonly logId: string;
  readonly readModel: string;
  /** The log the read model was built from (read_model_log); null before a projector first ran. */
  readonly boundTo: string | null;
  readonly boundToThisLog: boolean;
  readonly partitions: readonly PartitionStatus[];
  readonly deadLetters: number;
  /** Dead letters an admin skipped (projection_skipped_letters): events the read model lacks on purpose. */
  readonly skippedLetters: number;
}

export async function projectionStatus(shop: ShopSource, now: () => number = Date.now): Promise<ProjectionStatus> {
  if (!shop.readModel) throw new CannotConnect('the status needs the read model: set DATABASE_URL');
  const sql = shop.readModel;
  const checkpoints = new Map((await sqlCheckpoints(sql).checkpoints()).map((c) => [`${c.topic}/${c.partition}`, c.nextOffset]));
  const checkpointOf = (topic: string, partition: number) => checkpoints.get(`${topic}/${partition}`) ?? 0;
  const behind = new Map<string, number>();
  const oldestWaiting = new Map<string, string>();
  for await (const page of shop.log.readAll({ from: checkpointOf })) {
    const key = `${page.topic}/${page.partition}`;
    behind.set(key, (behind.get(key) ?? 0) + page.events.length);
    if (!oldestWaiting.has(key)) oldestWaiting.set(key, page.events[0]!.meta.occurredAt);
  }
  const waited = (key: string) => {
    const since = Date.parse(oldestWaiting.get(key) ?? '');
    return Number.isNaN(since) ? 0 : Math.max(0, Math.round((now() - since) / 100) / 10);
  };
  const partitions: PartitionStatus[] = [];
  for (const topic of ALL_TOPICS) {
    for (const [partition, logEnd] of [...(await shop.log.endOffsets(topic))].sort(([a], [b]) => a - b)) {
      partitions.push({
        topic,
        partition,
        checkpoint: checkpointOf(topic, partition),
        logEnd,
        lag: behind.get(`${topic}/${partition}`) ?? 0,
        lagSeconds: waited(`${topic}/${partition}`),
      });
    }
  }
  const { logId } = await shop.log.identify();
  const bound = (await sql.query<{ log_id: string }>('select log_id from read_model_log')).rows[0]?.log_id ?? null;
  const count = async (table: string) =>
    Number((await sql.query<{ count: unknown }>(`select count(*) as count from ${table}`)).rows[0]?.count ?? 0);
  return {
    log: shop.logDescription,
    logId,
    readModel: shop.readModelDescription ?? '',
    boundTo: bound,
    boundToThisLog: bound === logId,
    partitions,
    deadLetters: await count('projection_dead_letters'),
    skippedLetters: await count('projection_skipped_letters'),
  };
}

/** `status`: exit 1 when the read model is bound to another log or events were set aside as dead letters. */
export async function statusCommand(shop: ShopConnection, io: CliIo, format: string, auditKey: string | null = null): Promise<number> {
  const status = { ...(await projectionStatus(shop)), auditKey };
  if (format === 'json') io.out(`${JSON.stringify(status, null, 2)}\n`);
  else {
    io.out(
      `Log:          ${status.log}\n` +
        `Log id:       ${status.logId}\n` +
        `Read model:   ${status.readModel}\n` +
        `Bound to:     ${status.boundTo ?? '(no log yet)'}${status.boundTo === null ? '' : status.boundToThisLog ? ' (this log)' : ' — ANOTHER LOG'}\n` +
        `Dead letters: ${status.deadLetters}\n` +
        `Skipped:      ${status.skippedLetters}${status.skippedLetters > 0 ? ' (events an admin left out of the read model)' : ''}\n` +
        // What `audit verify --public-key` checks the anchors with: to be written down somewhere the log's hosts cannot change.
        `Audit key:    ${status.auditKey ?? '(none yet: the writer makes it on its first start)'}\n\n` +
        textTable(
          ['TOPIC', 'PARTITION', 'CHECKPOINT', 'LOG END', 'LAG', 'LAG (S)'],
          status.partitions.map((p) => [
            p.topic,
            String(p.partition),
            String(p.checkpoint),
            String(p.logEnd),
            String(p.lag),
            String(p.lagSeconds),
          ]),
        ),
    );
  }
  const anotherLog = status.boundTo !== null && !status.boundToThisLog;
  return anotherLog || status.deadLetters > 0 ? EXIT.problemFound : EXIT.ok;
}
