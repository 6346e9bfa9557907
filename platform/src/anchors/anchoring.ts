import type { KeyObject } from 'node:crypto';
import type { Topic } from '@toolforge/contracts';
import { ChainTails } from '../eventLog/chain.js';
import type { AppendNotices, EventLog, StoredEvent } from '../eventLog/eventLog.js';
import type { IdentifiedLog } from '../sql/readStore.js';
import { publicKeyText, signAnchor, type Anchor } from './anchors.js';
import { FolderAnchorStore } from './anchorStore.js';
import type { AnchorSettings } from './settings.js';
import { signingKeyIn } from './signingKey.js';

/** What the writer's anchoring needs of its log: its appends as they happen, its identity, and a read for the genesis. */
export type AnchoredLog = EventLog & IdentifiedLog & AppendNotices;

interface AnchorLogger {
  info(message: string): void;
  error(message: string): void;
}

export interface Anchoring {
  /** The key the anchors are checked with, as `toolforge status` prints it. */
  readonly publicKey: string;
  /** The genesis anchors signed (or found not needed): for tests and the start-up line. */
  readonly genesis: Promise<void>;
  /** Signs what is still unsigned, then stops. */
  close(): Promise<void>;
}

/**
 * The single writer's signed checkpoints (docs/audit-trail.md#anchors): after every `everyEvents`
 * events, and `everySeconds` after an event at the latest, the last hash of each partition that
 * moved is signed and added to the anchors' folder. On start, each partition that holds events but
 * no anchor yet (a log from before the chain, or one whose writer stopped before its first
 * checkpoint) gets a genesis anchor over all of them, read and folded in the background.
 */
export async function startAnchoring(log: AnchoredLog, settings: AnchorSettings, logger: AnchorLogger): Promise<Anchoring> {
  const key = await signingKeyIn(settings.signingKeyFile);
  const store = new FolderAnchorStore(settings.dir);
  const { logId } = await log.identify();
  const checkpoints = new Checkpoints(logId, key, store, settings.everyEvents, logger);
  const stopNotices = log.onAppend((stored) => checkpoints.appended(stored));
  const timer = setInterval(() => void checkpoints.sign(), settings.everySeconds * 1000);
  timer.unref();
  const genesis = signGenesis(log, logId, key, store).then(
    (signed) => {
      if (signed > 0) logger.info(`audit: signed the genesis anchors of ${signed} partition(s) in ${settings.dir}`);
    },
    (error: unknown) => logger.error(`audit: the genesis anchors could not be signed: ${(error as Error).message}`),
  );
  return {
    publicKey: publicKeyText(key),
    genesis,
    async close() {
      stopNotices();
      clearInterval(timer);
      await genesis;
      await checkpoints.sign();
    },
  };
}

/** The partitions' chain ends since the last checkpoint, signed on count or on the clock. */
class Checkpoints {
  private readonly pending = new Map<string, Omit<Anchor, 'signedAt' | 'kind'>>();
  private unsigned = 0;

  constructor(
    private readonly logId: string,
    private readonly key: KeyObject,
    private readonly store: FolderAnchorStore,
    private readonly everyEvents: number,
    private readonly logger: AnchorLogger,
  ) {}

  appended(stored: readonly StoredEvent[]): void {
    for (const event of stored) {
      if (!event.chain) continue;
      const { topic, partition, offset } = event.position;
      this.pending.set(`${topic}/${partition}`, { log: this.logId, topic, partition, offset, hash: event.chain.hash });
      this.unsigned += 1;
    }
    if (this.unsigned >= this.everyEvents) void this.sign();
  }

  /** Signs each moved partition's last hash; a failure is logged, and those ends are signed with the next. */
  async sign(): Promise<void> {
    if (this.pending.size === 0) return;
    const signedAt = new Date().toISOString();
    const ends = [...this.pending.values()];
    this.pending.clear();
    this.unsigned = 0;
    try {
      await this.store.add(ends.map((end) => signAnchor({ ...end, signedAt, kind: 'checkpoint' }, this.key)));
    } catch (error) {
      this.logger.error(`audit: checkpoints could not be added to the anchors: ${(error as Error).message}`);
      for (const end of ends)
        if (!this.pending.has(`${end.topic}/${end.partition}`)) this.pending.set(`${end.topic}/${end.partition}`, end);
    }
  }
}

/** Signs a genesis anchor for each partition with events and no anchor of this log; answers how many. */
async function signGenesis(log: AnchoredLog, logId: string, key: KeyObject, store: FolderAnchorStore): Promise<number> {
  const anchored = new Set((await store.read()).anchors.filter((a) => a.log === logId).map((a) => `${a.topic}/${a.partition}`));
  const tails = new ChainTails();
  const partitions = new Map<string, { topic: Topic; partition: number }>();
  for await (const page of log.readAll({ asWritten: true, partitions: (topic, partition) => !anchored.has(`${topic}/${partition}`) })) {
    // readAll's pages of a partition follow each other: each goes on from where the chain is known.
    const known = tails.tail(page.topic, page.partition);
    tails.learn(page.topic, page.partition, known ? known.offset + 1 : 0, page.events);
    partitions.set(`${page.topic}/${page.partition}`, { topic: page.topic, partition: page.partition });
  }
  const signedAt = new Date().toISOString();
  const anchors = [...partitions.values()].map(({ topic, partition }) => {
    const tail = tails.tail(topic, partition)!;
    return { log: logId, topic, partition, offset: tail.offset, hash: tail.hash, signedAt, kind: 'genesis' as const };
  });
  await store.add(anchors.map((anchor) => signAnchor(anchor, key)));
  return anchors.length;
}
