/**
 * The embedded log opened on a thread of its own, for the operators' tool (threadedEventLog.ts): a
 * PGlite works on the thread that opens it, so with the log here the tool's own thread is free for
 * what it does with the events. Each full page handed over starts the read of the next, which a
 * reader going through the log asks for next.
 */
import type { Topic } from '@toolforge/contracts';
import { PgliteEventLog, type PageText, openEmbeddedPostgres } from '@toolforge/platform/pglite';
import type { LogIdentity } from '@toolforge/platform/sql';
import { serveThreadCalls } from './threadCalls.js';

/** What the log's thread is started with. */
export interface LogThreadData {
  readonly dataDir: string;
}

/** Which page of a partition: PartitionedLog.readPage's arguments. */
export interface PageWanted {
  readonly topic: Topic;
  readonly partition: number;
  readonly fromOffset: number;
  readonly limit: number;
  readonly stream: string | undefined;
}

/** The calls the log's thread answers. */
export type LogThreadCalls = {
  partitionsToRead(wanted: { topic: Topic; stream: string | undefined }): Promise<readonly number[]>;
  /** A page as JSON text (PgliteEventLog.pageText), for eventsOfPage on the caller's thread. */
  pageText(wanted: PageWanted): Promise<string>;
  endOffsets(topic: Topic): Promise<readonly (readonly [number, number])[]>;
  identify(none: null): Promise<LogIdentity>;
};

await serveThreadCalls<LogThreadCalls>(async ({ dataDir }: LogThreadData) => {
  const db = await openEmbeddedPostgres(dataDir, 'log');
  const log = await PgliteEventLog.open(db).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const pages = log.pagesAsWritten();
  /** The page after the last full one handed over, being read. */
  let ahead: { key: string; page: Promise<PageText> } | undefined;
  const read = (wanted: PageWanted) => log.pageText(wanted.topic, wanted.partition, wanted.fromOffset, wanted.limit, wanted.stream);

  return {
    calls: {
      partitionsToRead: ({ topic, stream }) => pages.partitionsToRead(topic, stream),
      async pageText(wanted) {
        const reading = ahead?.key === pageKey(wanted) ? ahead.page : read(wanted);
        ahead = undefined;
        const page = await reading;
        if (page.events === wanted.limit && page.lastOffset !== undefined) {
          const next = { ...wanted, fromOffset: page.lastOffset + 1 };
          ahead = { key: pageKey(next), page: read(next) };
          // Not asked for after all (the reader stopped): its failure is nobody's.
          ahead.page.catch(() => undefined);
        }
        return page.text;
      },
      endOffsets: async (topic) => [...(await log.endOffsets(topic))],
      identify: () => log.identify(),
    },
    async close() {
      await ahead?.page.catch(() => undefined);
      await log.close();
      await db.close();
    },
  };
});

function pageKey(wanted: PageWanted): string {
  return JSON.stringify([wanted.topic, wanted.partition, wanted.fromOffset, wanted.limit, wanted.stream ?? null]);
}
