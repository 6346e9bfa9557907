import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productAdded, stockAdjusted } from '@toolforge/contracts/testing';
import { GENESIS_HASH, chainAfter, type StoredEvent } from '@toolforge/platform';
import { signAnchor, type SignedAnchor } from '@toolforge/platform/anchors';
import { stored } from '@toolforge/platform/testing';
import { ChainCheck } from './chainCheck.js';

const LOG = 'the embedded log 0000';
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();

/** `count` events of one partition at offsets 0.., as the writer chains them (the first `unchained` without a chain). */
function partition(count: number, unchained = 0): StoredEvent[] {
  const events: StoredEvent[] = [];
  let previous = GENESIS_HASH;
  for (let offset = 0; offset < count; offset += 1) {
    const event = stored(stockAdjusted('p-1', offset + 1, 'restock', { occurredAt: HOUR_AGO }), offset, offset + 2);
    const chain = chainAfter(previous, event);
    previous = chain.hash;
    events.push(offset < unchained ? event : { ...event, chain });
  }
  return events;
}

/** The events again, chained anew from the start as a forger would: every link and hash consistent. */
function rechained(events: readonly StoredEvent[]): StoredEvent[] {
  let previous = GENESIS_HASH;
  return events.map((event) => {
    const { chain: _old, ...content } = event;
    const chain = chainAfter(previous, content);
    previous = chain.hash;
    return { ...content, chain };
  });
}

/** The hash the chain has at `offset` (carried, or for an unchained event, the one it would carry). */
const hashAt = (events: readonly StoredEvent[], offset: number) => rechained(events)[offset]!.chain!.hash;

function anchorAt(events: readonly StoredEvent[], offset: number, kind: 'genesis' | 'checkpoint' = 'checkpoint'): SignedAnchor {
  const topic = events[0]!.position.topic;
  return signAnchor({ log: LOG, topic, partition: 0, offset, hash: hashAt(events, offset), signedAt: HOUR_AGO, kind }, privateKey);
}

function check(events: readonly StoredEvent[], anchors: readonly SignedAnchor[], options: { midLog?: boolean; graceMs?: number } = {}) {
  const checker = new ChainCheck(LOG, anchors, [], publicKey, options.midLog ?? false);
  for (let from = 0; from < events.length; from += 3) {
    checker.page({ topic: events[0]!.position.topic as never, partition: 0, events: events.slice(from, from + 3) });
  }
  // The events are an hour old: within the grace unless a test says otherwise.
  const partitions = checker.finish(Date.now(), options.graceMs ?? 2 * 3_600_000);
  return { partitions, problems: checker.problems.map((p) => [p.kind, p.position?.offset ?? null]) };
}

const alter = (event: StoredEvent): StoredEvent => ({ ...event, data: { ...event.data, delta: 999 } }) as StoredEvent;

describe('audit verify’s check of a partition’s chain against its anchors', () => {
  const clean = partition(10);
  const anchors = [anchorAt(clean, 4), anchorAt(clean, 9)];

  it('finds nothing wrong with a log as the writer wrote it, and says how far the anchors cover it', () => {
    const { partitions, problems } = check(clean, anchors);
    expect(problems).toEqual([]);
    expect(partitions).toEqual([
      { topic: clean[0]!.position.topic, partition: 0, events: 10, unchained: 0, anchorsChecked: 2, anchoredUpTo: 9, lastOffset: 9 },
    ]);
  });

  it('names an edited event, once, by its position', () => {
    const edited = clean.map((event, offset) => (offset === 3 ? alter(event) : event));
    expect(check(edited, anchors).problems).toEqual([['altered', 3]]);
  });

  it('names the event after a deleted one, and the anchor of a deleted event', () => {
    expect(
      check(
        clean.filter((_, offset) => offset !== 6),
        anchors,
      ).problems,
    ).toEqual([['broken-link', 7]]);
    expect(
      check(
        clean.filter((_, offset) => offset !== 4),
        anchors,
      ).problems,
    ).toEqual([
      ['anchor-mismatch', 4],
      ['broken-link', 5],
    ]);
  });

  it('names the event after an inserted one, even one chained to the event before it', () => {
    const content = stored(productAdded({ productId: 'p-2' }, { occurredAt: HOUR_AGO }), 5);
    const forged = { ...content, chain: chainAfter(clean[4]!.chain!.hash, content) };
    const inserted = [
      ...clean.slice(0, 5),
      forged,
      ...clean.slice(5).map((event) => ({ ...event, position: { ...event.position, offset: event.position.offset + 1 } })),
    ];
    const { problems } = check(inserted, []);
    expect(problems).toEqual([['broken-link', 6]]);
  });

  it('names two events that swapped places', () => {
    const swapped = [...clean];
    [swapped[2], swapped[3]] = [
      { ...clean[3]!, position: clean[2]!.position },
      { ...clean[2]!, position: clean[3]!.position },
    ];
    expect(check(swapped, anchors).problems).toEqual([
      ['broken-link', 2],
      ['broken-link', 3],
      ['broken-link', 4],
    ]);
  });

  it('catches a chain rewritten from an edited event on by the anchors after it, however consistent it is', () => {
    const rewritten = rechained(clean.map((event, offset) => (offset === 2 ? alter(event) : event)));
    expect(check(rewritten, []).problems).toEqual([]);
    expect(check(rewritten, anchors).problems).toEqual([
      ['anchor-mismatch', 4],
      ['anchor-mismatch', 9],
    ]);
  });

  it('catches events removed from the end by the anchor past it', () => {
    expect(check(clean.slice(0, 8), anchors).problems).toEqual([['anchor-mismatch', 9]]);
  });

  it('refuses an anchor the key did not sign, and a line of the anchors that is none', () => {
    const forged = { ...anchorAt(clean, 9), hash: 'f'.repeat(64) };
    const checker = new ChainCheck(LOG, [anchors[0]!, forged], [{ line: 3, text: 'nonsense' }], publicKey, false);
    checker.page({ topic: clean[0]!.position.topic as never, partition: 0, events: clean });
    checker.finish(Date.now(), 2 * 3_600_000);
    expect(checker.problems.map((p) => [p.kind, p.position?.offset ?? null])).toEqual([
      ['bad-anchor', null],
      ['bad-anchor', 9],
    ]);
  });

  it('leaves the anchors of another log alone', () => {
    const other = signAnchor({ ...anchorAt(clean, 9), log: 'the embedded log ffff', hash: 'f'.repeat(64) }, privateKey);
    expect(check(clean, [...anchors, other]).problems).toEqual([]);
  });

  it('covers the events from before the chain by the genesis anchor over them', () => {
    const upgraded = partition(10, 6);
    const genesis = [anchorAt(upgraded, 5, 'genesis'), anchorAt(upgraded, 9)];
    expect(check(upgraded, genesis)).toMatchObject({ problems: [], partitions: [{ unchained: 6, anchoredUpTo: 9 }] });
    // An old event edited: the chain folded over them no longer meets the genesis anchor, nor the first chained event.
    const edited = upgraded.map((event, offset) => (offset === 1 ? alter(event) : event));
    expect(check(edited, genesis).problems).toEqual([
      ['anchor-mismatch', 5],
      ['broken-link', 6],
    ]);
  });

  it('names an event without a chain after the chain began, and a record that holds no event', () => {
    const stripped = clean.map((event, offset) => (offset === 7 ? { ...event, chain: undefined } : event));
    expect(check(stripped, []).problems).toEqual([['unchained', 7]]);
    const foreign = { ...clean[5]!, type: 'UnreadableRecord' } as unknown as StoredEvent;
    expect(check([...clean.slice(0, 5), foreign], []).problems).toEqual([['unchained', 5]]);
  });

  it('names the first event older than the grace that no anchor covers, and not one within it', () => {
    expect(check(clean, [anchorAt(clean, 4)], { graceMs: 300_000 }).problems).toEqual([['unanchored', 5]]);
    expect(check(clean, [], { graceMs: 300_000 }).problems).toEqual([['unanchored', 0]]);
    expect(check(clean, [anchorAt(clean, 4)]).problems).toEqual([]);
  });

  it('checks from mid-log on the first event’s word for the hash before it, with the anchors from there', () => {
    expect(check(clean.slice(5), anchors, { midLog: true }).problems).toEqual([]);
    const edited = clean.slice(5).map((event, index) => (index === 2 ? alter(event) : event));
    expect(check(edited, anchors, { midLog: true }).problems).toEqual([['altered', 7]]);
  });
});
