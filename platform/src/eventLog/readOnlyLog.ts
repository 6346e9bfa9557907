import type { Topic } from '@toolforge/contracts';
import type { IdentifiedLog, LogIdentity } from '../sql/readStore.js';
import type { AppendResult, EventLog, LogPage, ReadAllOptions } from './eventLog.js';
import type { LogEndSource } from './logEnd.js';
import { readAllPages, type PartitionedLog } from './readAll.js';
import type { Upcasters } from './upcasters.js';

/** A log kept by someone else (another thread, a running shop), as a reader reaches it. */
export interface LogReader {
  readonly pages: PartitionedLog;
  endOffsets(topic: Topic): Promise<ReadonlyMap<number, number>>;
  identify(): Promise<LogIdentity>;
  close(): Promise<void>;
}

/**
 * The log through `reader`, for the operators' tool, which only reads it: appends are refused with
 * `refusal`, and every read upcasts as the log's own readers do.
 */
export function readOnlyLog(reader: LogReader, upcasters: Upcasters, refusal: string): EventLog & LogEndSource & IdentifiedLog {
  const refuse = (): Promise<never> => Promise.reject(new Error(refusal));
  return {
    append: (): Promise<AppendResult> => refuse(),
    appendBatch: (): Promise<AppendResult[]> => refuse(),
    readAll: (options: ReadAllOptions = {}): AsyncIterable<LogPage> => readAllPages(reader.pages, options, upcasters),
    endOffsets: (topic) => reader.endOffsets(topic),
    identify: () => reader.identify(),
    close: () => reader.close(),
  };
}
