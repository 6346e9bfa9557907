import { Partitioners } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@toolforge/contracts';
import { KAFKA_BROKER, kafkaSaslEnv } from '../../../infra/kafka/kafka.mjs';
import { readKafkaSecurity, type KafkaSecurity } from '../config.js';
import { readEvents } from '../testing/eventLog.js';
import { deleteTopics, uniqueTopicPrefix } from '../testing/kafka.js';
import { appendDeleted, productDeleted } from '../test/eventLogContract.js';
import { kafkaClient } from './kafkaClient.js';
import { KafkaEventLog } from './kafkaEventLog.js';

/**
 * The project's broker (infra/kafka) as docs/security.md's "Kafka" says a cluster should be: each
 * service signs in as its own principal, and only the command service's may write the shop's
 * topics. Against that broker itself, whose users' passwords kafka.mjs keeps.
 */
const brokers = [KAFKA_BROKER];
const signedInAs = (principal: string): KafkaSecurity => readKafkaSecurity(kafkaSaslEnv(principal));

/** kafkajs's error type (or message) for a send, the sign-in included, or 'sent'. */
async function sendAs(security: KafkaSecurity, topic: string): Promise<string> {
  const producer = kafkaClient({ brokers, clientId: 'toolforge-acl-test', security }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    retry: { retries: 0 },
  });
  try {
    await producer.connect();
    await producer.send({ topic, messages: [{ key: 'p-1', value: JSON.stringify(productDeleted('p-1')) }] });
    return 'sent';
  } catch (error) {
    return (error as { type?: string }).type ?? (error as Error).message;
  } finally {
    await producer.disconnect().catch(() => undefined);
  }
}

describe('Kafka ACLs of the project’s broker', () => {
  const topicPrefix = uniqueTopicPrefix('acl');
  const orders = topicPrefix + TOPICS.orders;
  let writer: KafkaEventLog;

  beforeAll(async () => {
    // As the command service opens it: creating the topics, claiming its transactional id.
    writer = await KafkaEventLog.open({
      brokers,
      topicPrefix,
      transactionalId: `${topicPrefix}toolforge-command-service`,
      security: signedInAs('command-service'),
    });
  });
  afterAll(async () => {
    await writer.close();
    await deleteTopics(brokers, topicPrefix);
  });

  it('lets the command service’s principal create the topics and append, and the projector’s read it', async () => {
    await appendDeleted(writer, TOPICS.orders, 'o-1', 0, 'a');
    expect(await sendAs(signedInAs('command-service'), orders)).toBe('sent');
    const reader = await KafkaEventLog.open({ brokers, topicPrefix, security: signedInAs('projector') });
    try {
      expect((await readEvents(reader, { topics: [TOPICS.orders] })).map((event) => event.streamId)).toContain('o-1');
    } finally {
      await reader.close();
    }
  });

  it.each(['projector', 'query-service', 'operator'])('refuses a write signed in as the %s', async (principal) => {
    expect(await sendAs(signedInAs(principal), orders)).toBe('TOPIC_AUTHORIZATION_FAILED');
  });

  it('refuses the projector the writer’s role (its transactional id)', async () => {
    const open = KafkaEventLog.open({ brokers, topicPrefix, transactionalId: `${topicPrefix}forged`, security: signedInAs('projector') });
    // Kafka answers a producer id's request without the id's WRITE as a cluster action refused.
    await expect(open).rejects.toMatchObject({ type: expect.stringMatching(/_AUTHORIZATION_FAILED$/) });
  });

  it('refuses a client that does not sign in, or signs in with a wrong password', async () => {
    const wrong = signedInAs('command-service');
    const forged: KafkaSecurity = { tls: false, sasl: { ...wrong.sasl!, password: 'not-the-password' } };
    expect(await sendAs(forged, orders)).toMatch(/authentication failed/i);
    expect(await sendAs({ tls: false, sasl: undefined }, orders)).not.toBe('sent');
  });
});
