import { readOnlyLog, SHOP_UPCASTERS, type UpcastOptions } from '@toolforge/platform';
import type { EventLog, LogEndSource } from '@toolforge/platform';
import { eventsOfPage } from '@toolforge/platform/pglite';
import type { IdentifiedLog } from '@toolforge/platform/sql';
import type { LogThreadCalls, LogThreadData } from './logThread.js';
import { builtScript, startThread } from './threadCalls.js';

/**
 * The embedded log in `dataDir`, read on a thread of its own (logThread.ts), for the operators'
 * tool, which holds the data dir's lock: that thread reads the log's next page while this one works
 * on the last. Read-only, like every log the tool opens. Closing closes the log's database and
 * ends the thread.
 */
export async function openThreadedEventLog(dataDir: string, options: UpcastOptions = {}): Promise<EventLog & LogEndSource & IdentifiedLog> {
  const thread = await startThread<LogThreadCalls>(builtScript('logThread'), { dataDir } satisfies LogThreadData, 'the embedded log');
  return readOnlyLog(
    {
      pages: {
        partitionsToRead: (topic, stream) => thread.call('partitionsToRead', { topic, stream }),
        readPage: async (topic, partition, fromOffset, limit, stream) =>
          eventsOfPage(await thread.call('pageText', { topic, partition, fromOffset, limit, stream })),
      },
      endOffsets: async (topic) => new Map(await thread.call('endOffsets', topic)),
      identify: () => thread.call('identify', null),
      close: () => thread.close(),
    },
    options.upcasters ?? SHOP_UPCASTERS,
    'the operators’ tool only reads the log',
  );
}
