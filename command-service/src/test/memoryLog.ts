import { ALL_TOPICS } from '@toolforge/contracts';
import { ConcurrencyError, type AppendRequest, type AppendResult, type EventLog, type StoredEvent } from '@toolforge/platform';

export interface MemoryLog {
  readonly log: EventLog;
  /** Every request handed to the log, stored or not, in order. */
  readonly appends: AppendRequest[];
  /** Each batch as handed to the log: its requests' stream ids. */
  readonly batches: string[][];
  /** What the log holds. */
  readonly events: StoredEvent[];
}

/**
 * A log in memory, one partition per topic, that takes a batch all or nothing and refuses an append
 * behind its stream as the adapters do (each request checked as the ones before it in the batch
 * leave its stream). `beforeCommit` runs before a batch is stored: to hold it, or to fail it.
 */
export function memoryLog(beforeCommit: (requests: readonly AppendRequest[]) => Promise<void> = () => Promise.resolve()): MemoryLog {
  const events: StoredEvent[] = [];
  const appends: AppendRequest[] = [];
  const batches: string[][] = [];
  const count = (matches: (event: StoredEvent) => boolean, among: readonly StoredEvent[]) => among.filter(matches).length;

  async function appendBatch(requests: readonly AppendRequest[]): Promise<AppendResult[]> {
    appends.push(...requests);
    batches.push(requests.map((request) => request.streamId));
    await beforeCommit(requests);
    const batch: StoredEvent[] = [];
    const results = requests.map((request) => {
      const inLog = [...events, ...batch];
      const version = count((event) => event.position.topic === request.topic && event.streamId === request.streamId, inLog);
      if (version !== request.expectedVersion) throw new ConcurrencyError(request.streamId, request.expectedVersion);
      const end = count((event) => event.position.topic === request.topic, inLog);
      const stored = request.events.map((event, index): StoredEvent => ({
        ...event,
        position: { topic: request.topic, partition: 0, offset: end + index },
        streamId: request.streamId,
        streamPosition: version + index + 1,
      }));
      batch.push(...stored);
      return { position: stored.at(-1)!.position, stored };
    });
    events.push(...batch);
    return results;
  }

  const log: EventLog = {
    appendBatch,
    append: async (request) => (await appendBatch([request]))[0]!,
    async *readAll(options = {}) {
      for (const topic of options.topics ?? ALL_TOPICS) {
        const from = (await options.from?.(topic, 0)) ?? 0;
        const page = events.filter((event) => event.position.topic === topic && event.position.offset >= from);
        if (page.length > 0) yield { topic, partition: 0, events: page };
      }
    },
    close: () => Promise.resolve(undefined),
  };
  return { log, appends, batches, events };
}
