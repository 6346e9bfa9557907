import { isAbsolute, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Option, type Command } from 'commander';
import { ALL_TOPICS, type Topic } from '@toolforge/contracts';
import { readConfig, type EventLog, type ShopConfig } from '@toolforge/platform';
import { DEFAULT_PARTITIONS } from '@toolforge/platform/kafka';
import { sealedLog } from '@toolforge/platform/privacy';
import type { LogIdentity } from '@toolforge/platform/sql';
import { newFolderProblem } from '../arguments.js';
import { EXIT, type CliIo } from '../output.js';
import { progressDisplay } from '../progress.js';
import type { ShopConnection, ShopNeeds } from '../shopConnection.js';
import { carryLog, reachOf, type CarriedLog } from './carryLog.js';
import { openNewDataDir, openNewTopics, type NewLog } from './newLog.js';
import { checkReseal } from './resealChecks.js';
import { resealReport, resealText } from './resealReport.js';

export interface ResealOptions {
  readonly toDataDir?: string;
  readonly toTopicPrefix?: string;
  readonly format: 'text' | 'json';
}

/** Runs the work on the shop program.ts opens for `needs` (and closes after), and takes its exit code. */
type WithShop = (needs: ShopNeeds, work: (shop: ShopConnection) => Promise<number>) => Promise<void>;

/**
 * `toolforge privacy reseal`: the log written before personal values were sealed, copied into a
 * new log where every one of them is, then checked (docs/operators.md#resealing-a-log-written-before-sealing).
 * The old log is only read; the shop is pointed at the new one by the operator, once it passed.
 */
export function privacyResealCommand(program: Command, io: CliIo, env: NodeJS.ProcessEnv, withShop: WithShop): void {
  const privacy =
    program.commands.find((command) => command.name() === 'privacy') ??
    program.command('privacy').description('the customers’ personal data in the log');
  const command = privacy
    .command('reseal')
    .description(
      'copies the log into a new one, every personal value sealed under its customer’s key (an erased customer’s written as ' +
        'forgotten), then checks it: audit verify, audit orders’ totals, the same events, no personal value in clear; ' +
        'the old log is left as it was',
    )
    .option('--to-data-dir <dir>', 'the embedded shop: the new data dir, a new or empty folder')
    .option('--to-topic-prefix <prefix>', 'Kafka: the new log’s topic prefix, its topics new or empty')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'));
  command.action(async (options: ResealOptions) => {
    const config = readConfig(env);
    const problem = await targetProblem(options, config);
    if (problem) command.error(`error: ${problem}`);
    await withShop({ readModel: true, copiesLog: 'privacy reseal' }, (shop) => reseal(shop, io, env, config, options));
  });
}

/** Why the new log cannot be where the options say, checked before the shop is opened; undefined when it can. */
async function targetProblem(options: ResealOptions, config: ShopConfig): Promise<string | undefined> {
  const { toDataDir, toTopicPrefix } = options;
  if ((toDataDir === undefined) === (toTopicPrefix === undefined))
    return 'name the new log: --to-data-dir DIR (the embedded shop) or --to-topic-prefix PREFIX (Kafka), one of them';
  if (config.kafkaBrokers) {
    if (toTopicPrefix === undefined) return 'the log is on Kafka (KAFKA_BROKERS): name the new log’s --to-topic-prefix';
    if (!/^[A-Za-z0-9._-]+$/.test(toTopicPrefix))
      return `--to-topic-prefix ${toTopicPrefix} is no Kafka topic prefix (letters, digits, ".", "_", "-")`;
    if (toTopicPrefix === config.kafkaTopicPrefix) return `--to-topic-prefix ${toTopicPrefix} is the log’s own (KAFKA_TOPIC_PREFIX)`;
    return undefined;
  }
  if (toDataDir === undefined) return 'the log is the embedded one (DATA_DIR, no KAFKA_BROKERS): name the new --to-data-dir';
  const target = resolve(toDataDir);
  if (within(target, config.dataDir) || within(config.dataDir, target))
    return `--to-data-dir ${toDataDir} is DATA_DIR, or in it, or holds it: name a folder beside it, which outlives the old one`;
  return newFolderProblem('--to-data-dir', toDataDir, 'the new log is written into nothing else');
}

function within(path: string, folder: string): boolean {
  const inside = relative(resolve(folder), path);
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside));
}

async function reseal(
  shop: ShopConnection,
  io: CliIo,
  env: NodeJS.ProcessEnv,
  config: ShopConfig,
  options: ResealOptions,
): Promise<number> {
  const began = performance.now();
  // The old log is read as far as it ended now: the check says when it moved on meanwhile.
  const before = await shop.log.identify();
  const fresh = options.toDataDir
    ? await openNewDataDir(resolve(options.toDataDir), config, env, shop.readModel!)
    : await openNewTopics(options.toTopicPrefix!, config, shop.readModel!, partitionsOf(before));
  try {
    if (await holdsEvents(fresh.log)) {
      io.err(`toolforge: the new log (${fresh.description}) already holds events: name a new or empty one\n`);
      return EXIT.usage;
    }
    const carried = await carryInto(shop.log, fresh, before, io);
    const after = await shop.log.identify();
    const { checks, figures } = await checkReseal({ log: shop.log, before, after }, fresh, carried);
    const report = resealReport({
      from: { log: shop.logDescription, logId: before.logId },
      fresh,
      logId: (await fresh.log.identify()).logId,
      seconds: (performance.now() - began) / 1000,
      carried,
      checks,
      figures,
      embedded: options.toDataDir !== undefined,
    });
    io.out(options.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : resealText(report));
    return report.passed ? EXIT.ok : EXIT.problemFound;
  } catch (error) {
    // Broken off part-way: what was written is no log to switch to.
    const left = await fresh.discard().catch((failure: unknown) => `the new log could not be removed: ${(failure as Error).message}`);
    throw new Error(`${error instanceof Error ? error.message : String(error)} (${left})`, { cause: error });
  } finally {
    await fresh.close();
  }
}

/** The copy, its progress on stderr. */
async function carryInto(log: EventLog, fresh: NewLog, before: LogIdentity, io: CliIo): Promise<CarriedLog> {
  const reach = reachOf(before);
  const progress = progressDisplay(io, 'reseal');
  try {
    return await carryLog(log, sealedLog(fresh.log, fresh.vault), reach, (read, appended) =>
      progress.update({ done: read, total: reach.positions, events: appended }),
    );
  } finally {
    progress.finish();
  }
}

async function holdsEvents(log: Pick<EventLog, 'readAll'>): Promise<boolean> {
  for await (const page of log.readAll({ asWritten: true, pageSize: 1 })) if (page.events.length > 0) return true;
  return false;
}

/** As many partitions per topic as the old log has (an operator may have added some): the shop's default for a topic it lacks. */
function partitionsOf(identity: LogIdentity): Record<Topic, number> {
  const counts = new Map<string, number>();
  for (const { topic } of identity.ends) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  return Object.fromEntries(ALL_TOPICS.map((topic) => [topic, counts.get(topic) ?? DEFAULT_PARTITIONS[topic]])) as Record<Topic, number>;
}
