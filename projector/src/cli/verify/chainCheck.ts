import type { KeyObject } from 'node:crypto';
import type { LogPosition } from '@toolforge/contracts';
import { GENESIS_HASH, chainHash, outsideTheChain, type LogPage, type StoredEvent } from '@toolforge/platform';
import { anchorSignedBy, type SignedAnchor, type UnreadableAnchor } from '@toolforge/platform/anchors';

/** What `audit verify` found wrong, where (docs/audit-trail.md). */
export type ChainProblem =
  /** The event's content is not what its hash was computed over: edited after it was written. */
  | { readonly kind: 'altered'; readonly position: LogPosition; readonly detail: string }
  /** The event does not name the hash of the event before it: one was deleted, inserted or moved before it. */
  | { readonly kind: 'broken-link'; readonly position: LogPosition; readonly detail: string }
  /** A record in a chained part of the log without a chain: written by someone other than the writer. */
  | { readonly kind: 'unchained'; readonly position: LogPosition; readonly detail: string }
  /** A signed anchor the log no longer meets: its event is gone, or the chain there has another hash. */
  | { readonly kind: 'anchor-mismatch'; readonly position: LogPosition; readonly detail: string }
  /** An anchor whose signature is not the key's, or a line of the anchors that is no anchor. */
  | { readonly kind: 'bad-anchor'; readonly position: LogPosition | null; readonly detail: string }
  /** Events older than the grace that no anchor covers: the chain alone vouches for them. */
  | { readonly kind: 'unanchored'; readonly position: LogPosition; readonly detail: string };

/** Per partition: how far the check went and what the anchors covered. */
export interface PartitionVerified {
  readonly topic: string;
  readonly partition: number;
  readonly events: number;
  /** The events before the chain began (covered by the genesis anchor). */
  readonly unchained: number;
  readonly anchorsChecked: number;
  /** The last offset a valid anchor covers, or null. */
  readonly anchoredUpTo: number | null;
  readonly lastOffset: number | null;
}

interface PartitionState {
  topic: string;
  partition: number;
  /** The hash the next event must name as its previous; undefined until the first event of a --from check. */
  previous: string | undefined;
  events: number;
  unchained: number;
  chainBegun: boolean;
  anchors: SignedAnchor[];
  anchorsChecked: number;
  anchoredUpTo: number | null;
  lastOffset: number | null;
  /** The events after the last anchor met so far, oldest first (offset, occurredAt), for the grace check. */
  oldestUnanchored: { offset: number; occurredAt: string } | undefined;
}

/**
 * Recomputes each partition's chain from the pages of the log as written (readAll's `asWritten`),
 * one page at a time in the order readAll hands them, and checks it against the signed anchors of
 * the same log. Memory: one state per partition and its anchors, whatever the log's size.
 */
export class ChainCheck {
  readonly problems: ChainProblem[] = [];
  private readonly partitions = new Map<string, PartitionState>();
  private readonly anchorsByPartition = new Map<string, SignedAnchor[]>();

  constructor(
    private readonly logId: string,
    anchors: readonly SignedAnchor[],
    unreadable: readonly UnreadableAnchor[],
    publicKey: KeyObject,
    /**
     * Whether the pages start mid-log (--from): each partition's check then starts at the first event
     * it is given, takes that event's word for the hash before it, and leaves the anchors before it.
     */
    private readonly midLog: boolean,
  ) {
    for (const line of unreadable)
      this.problems.push({ kind: 'bad-anchor', position: null, detail: `line ${line.line} of the anchors is no anchor` });
    for (const anchor of anchors) {
      if (anchor.log !== logId) continue;
      const position = { topic: anchor.topic, partition: anchor.partition, offset: anchor.offset };
      if (!anchorSignedBy(anchor, publicKey)) {
        this.problems.push({
          kind: 'bad-anchor',
          position,
          detail: `the ${anchor.kind} anchor signed at ${anchor.signedAt} is not signed by the key`,
        });
        continue;
      }
      const key = `${anchor.topic}/${anchor.partition}`;
      const list = this.anchorsByPartition.get(key) ?? [];
      list.push(anchor);
      this.anchorsByPartition.set(key, list);
    }
    for (const list of this.anchorsByPartition.values()) list.sort((a, b) => a.offset - b.offset);
  }

  page(page: LogPage): void {
    if (page.events.length === 0) return;
    const state = this.stateOf(page.topic, page.partition, page.events[0]!.position.offset);
    for (const event of page.events) this.event(state, event);
  }

  private stateOf(topic: string, partition: number, start: number): PartitionState {
    const key = `${topic}/${partition}`;
    let state = this.partitions.get(key);
    if (!state) {
      const anchors = (this.anchorsByPartition.get(key) ?? []).filter((anchor) => !this.midLog || anchor.offset >= start);
      state = {
        topic,
        partition,
        previous: this.midLog ? undefined : GENESIS_HASH,
        events: 0,
        unchained: 0,
        chainBegun: false,
        anchors,
        anchorsChecked: 0,
        anchoredUpTo: null,
        lastOffset: null,
        oldestUnanchored: undefined,
      };
      this.partitions.set(key, state);
    }
    return state;
  }

  private event(state: PartitionState, event: StoredEvent): void {
    const position = event.position;
    this.passAnchorsBefore(state, position);
    if (outsideTheChain(event)) {
      this.problems.push({ kind: 'unchained', position, detail: 'a record that holds no ToolForge event' });
      return;
    }
    state.events += 1;
    state.lastOffset = position.offset;
    // A check that starts mid-log takes the first event's word for what came before it.
    const previous = state.previous ?? event.chain?.previous ?? GENESIS_HASH;
    let hash: string;
    if (!event.chain) {
      if (state.chainBegun) this.problems.push({ kind: 'unchained', position, detail: 'an event without a chain after the chain began' });
      else state.unchained += 1;
      hash = chainHash(previous, event);
    } else {
      state.chainBegun = true;
      const chain = event.chain as { previous?: unknown; hash?: unknown };
      if (typeof chain.previous !== 'string' || typeof chain.hash !== 'string') {
        this.problems.push({ kind: 'altered', position, detail: 'its chain is not two hashes' });
        hash = chainHash(previous, event);
      } else {
        if (chain.previous !== previous)
          this.problems.push({
            kind: 'broken-link',
            position,
            detail: `it names ${short(chain.previous)} as the hash before it, the event before it has ${short(previous)}: an event was deleted, inserted or moved here`,
          });
        const computed = chainHash(chain.previous, event);
        if (computed !== chain.hash)
          this.problems.push({
            kind: 'altered',
            position,
            detail: `its content hashes to ${short(computed)}, not to the ${short(chain.hash)} it was written with`,
          });
        // Its own hash as written goes on: an edit is reported once, at the edited event.
        hash = chain.hash;
      }
    }
    state.previous = hash;
    state.oldestUnanchored ??= { offset: position.offset, occurredAt: String(event.meta?.occurredAt ?? '') };
    this.meetAnchorsAt(state, position, hash);
  }

  /** Anchors at offsets the log no longer holds (before this event): their events were deleted. */
  private passAnchorsBefore(state: PartitionState, position: LogPosition): void {
    while (state.anchors.length > 0 && state.anchors[0]!.offset < position.offset) {
      const anchor = state.anchors.shift()!;
      this.problems.push({
        kind: 'anchor-mismatch',
        position: { topic: state.topic, partition: state.partition, offset: anchor.offset },
        detail: `the ${anchor.kind} anchor signed at ${anchor.signedAt} names an event the log does not hold`,
      });
    }
  }

  private meetAnchorsAt(state: PartitionState, position: LogPosition, hash: string): void {
    while (state.anchors.length > 0 && state.anchors[0]!.offset === position.offset) {
      const anchor = state.anchors.shift()!;
      state.anchorsChecked += 1;
      if (anchor.hash === hash) {
        state.anchoredUpTo = position.offset;
        state.oldestUnanchored = undefined;
      } else
        this.problems.push({
          kind: 'anchor-mismatch',
          position,
          detail: `the ${anchor.kind} anchor signed at ${anchor.signedAt} says ${short(anchor.hash)}, the chain here is ${short(hash)}: the log was rewritten up to here`,
        });
    }
  }

  /**
   * Ends the check: anchors past each partition's end (events removed from its end), anchored
   * partitions the log no longer has, and events older than `graceMs` before `now` that no anchor covers.
   */
  finish(now: number, graceMs: number): PartitionVerified[] {
    // A whole-log check: an anchored partition that holds nothing now lost every event.
    for (const [key, [first]] of this.anchorsByPartition)
      if (!this.midLog && first && !this.partitions.has(key)) this.stateOf(first.topic, first.partition, 0);
    const verified: PartitionVerified[] = [];
    for (const state of this.partitions.values()) {
      for (const anchor of state.anchors)
        this.problems.push({
          kind: 'anchor-mismatch',
          position: { topic: state.topic, partition: state.partition, offset: anchor.offset },
          detail: `the ${anchor.kind} anchor signed at ${anchor.signedAt} names an event past the log's end: events were removed`,
        });
      const waiting = state.oldestUnanchored;
      if (waiting && !(Date.parse(waiting.occurredAt) > now - graceMs))
        this.problems.push({
          kind: 'unanchored',
          position: { topic: state.topic, partition: state.partition, offset: waiting.offset },
          detail: `no anchor covers the events from here on, written at ${waiting.occurredAt || 'an unknown time'}: the anchors were lost, or the writer has not signed for longer than the grace`,
        });
      verified.push({
        topic: state.topic,
        partition: state.partition,
        events: state.events,
        unchained: state.unchained,
        anchorsChecked: state.anchorsChecked,
        anchoredUpTo: state.anchoredUpTo,
        lastOffset: state.lastOffset,
      });
    }
    return verified.sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
  }
}

const short = (hash: string) => `${hash.slice(0, 12)}…`;
