import { describe, expect, it } from 'vitest';
import { productDeleted } from '@toolforge/contracts/testing';
import { stored } from '../testing/eventLog.js';
import { StreamVersions } from './streamVersions.js';

const topic = 'catalog.products';
/** ProductDeleted of `productId` at `offset` of partition 0, the stream's `streamPosition`th event. */
const at = (productId: string, offset: number, streamPosition: number) => stored(productDeleted(productId), offset, streamPosition);

describe('the Kafka writer’s stream versions', () => {
  it('learns from reads that go on where the last one stopped, and from its own appends', () => {
    const versions = new StreamVersions();
    versions.learn(topic, 0, 0, [at('a', 0, 1), at('b', 1, 1), at('a', 3, 2)]);
    expect([versions.version(topic, 'a'), versions.version(topic, 'b'), versions.learnedUntil(topic, 0)]).toEqual([2, 1, 4]);
    versions.learn(topic, 0, 4, [at('b', 5, 2)]);
    expect(versions.version(topic, 'b')).toBe(2);
    versions.appended(topic, 'c', 1);
    expect(versions.version(topic, 'c')).toBe(1);
    expect(versions.version('sales.orders', 'c')).toBe(0);
  });

  it('learns nothing across a gap, and never goes back on a read from earlier', () => {
    const versions = new StreamVersions();
    versions.learn(topic, 0, 5, [at('a', 5, 3)]);
    expect([versions.version(topic, 'a'), versions.learnedUntil(topic, 0)]).toEqual([0, 0]);
    versions.learn(topic, 0, 0, [at('a', 0, 1), at('a', 1, 2)]);
    versions.learn(topic, 0, 0, [at('a', 0, 1)]);
    expect([versions.version(topic, 'a'), versions.learnedUntil(topic, 0)]).toEqual([2, 2]);
  });

  it('gives a record that holds no event no place in a stream', () => {
    const versions = new StreamVersions();
    versions.learn(topic, 0, 0, [at('a', 0, 1), at('a', 1, 0)]);
    expect([versions.version(topic, 'a'), versions.learnedUntil(topic, 0)]).toEqual([1, 2]);
  });
});
