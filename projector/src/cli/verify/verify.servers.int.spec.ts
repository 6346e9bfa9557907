import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, Partitioners } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOPICS } from '@toolforge/contracts';
import { productAdded, stockAdjusted } from '@toolforge/contracts/testing';
import { readConfig, readKafkaSecurity } from '@toolforge/platform';
import { startAnchoring } from '@toolforge/platform/anchors';
import { KafkaEventLog, kafkaSignIn } from '@toolforge/platform/kafka';
import { deleteTopics, logWriter, uniqueTopicPrefix } from '@toolforge/platform/testing';
import { run } from '../program.js';

const brokers = inject('kafkaBrokers');

/** `audit verify` on Kafka: the writer's chain and anchors, then a record another producer slipped into a partition. */
describe('toolforge audit verify on Kafka', { timeout: 120_000 }, () => {
  const topicPrefix = uniqueTopicPrefix('verify');
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let log: KafkaEventLog;
  let append: ReturnType<typeof logWriter>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolforge-verify-kafka-'));
    env = { KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: topicPrefix, DATA_DIR: dir, AUDIT_ANCHOR_EVENTS: '3' };
    log = await KafkaEventLog.open({ brokers: brokers.split(','), topicPrefix, transactionalId: `${topicPrefix}writer` });
    append = logWriter(log);
  });
  afterAll(async () => {
    await log.close();
    await deleteTopics(brokers.split(','), topicPrefix);
    await rm(dir, { recursive: true, force: true });
  });

  async function verify(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const io = { out: (text: string) => void (stdout += text), err: (text: string) => void (stderr += text) };
    const code = await run(['audit', 'verify', ...argv], io, env);
    return { code, stdout, stderr };
  }

  it('finds the writer’s chain clean and anchored, then names a record injected by another producer (exit 1)', async () => {
    const anchoring = await startAnchoring(log, readConfig(env).anchors, { info: () => undefined, error: (m) => console.error(m) });
    await anchoring.genesis;
    const added = await append(productAdded({ productId: 'p-kafka', name: 'Lathe', priceCents: 900_00, stock: 2 }));
    await append(stockAdjusted('p-kafka', 4));
    await append(stockAdjusted('p-kafka', 1));
    await anchoring.close();
    const clean = await verify('--format', 'json');
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ events: 3, problems: [], publicKey: anchoring.publicKey });

    // A producer other than the writer (an ACL gap): an envelope that looks like the shop's, without a chain.
    const { partition } = added.position;
    const kafka = new Kafka({ clientId: 'intruder', brokers: brokers.split(','), ...kafkaSignIn(readKafkaSecurity()) });
    const intruder = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await intruder.connect();
    const forged = stockAdjusted('p-kafka', 100);
    const [sent] = await intruder.send({
      topic: topicPrefix + TOPICS.products,
      acks: -1,
      messages: [
        {
          key: 'p-kafka',
          value: JSON.stringify({ type: forged.type, data: forged.data, meta: forged.meta }),
          headers: { 'event-type': forged.type, 'stream-position': '4' },
          partition,
        },
      ],
    });
    await intruder.disconnect();
    const { code, stdout } = await verify();
    expect(code).toBe(1);
    expect(stdout).toMatch(new RegExp(`${TOPICS.products}/${partition}/${Number(sent!.baseOffset)}\\s+unchained`));
  });
});
