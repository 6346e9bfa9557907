import { ALL_TOPICS, type Topic } from '@toolforge/contracts';
import type { EventLog, LogEndSource } from '@toolforge/platform';
import { eventLine, type EventFilter } from './eventsList.js';
import { printable, type CliIo } from './output.js';

export interface TailOptions {
  readonly format: 'table' | 'json';
  /** How long to wait between two looks at the log once it is read to its end. */
  readonly pollMs: number;
  /** Settles when the tail should end (Ctrl-C, SIGTERM; a test's say-so). */
  readonly stop: Promise<void>;
  /** Called each time the log has been read to its end (the first time: from then on, new events show). */
  readonly following?: () => void;
}

/**
 * `events tail`: the events that pass the filter from `--from` on (without it, from the log's end
 * as it is now), then every new one as it arrives, until `stop` settles. One line per event, as
 * `events list` prints them (tab-separated, no header), or one JSON object per line.
 */
export async function tailEvents(log: EventLog & LogEndSource, filter: EventFilter, io: CliIo, options: TailOptions): Promise<void> {
  let stopped = false;
  let wake: () => void = () => undefined;
  void options.stop.then(() => {
    stopped = true;
    wake();
  });
  const topics: readonly Topic[] = filter.topics ?? ALL_TOPICS;
  const next = await startingOffsets(log, filter, topics);
  const since = filter.from && 'at' in filter.from ? filter.from.at.getTime() : undefined;
  while (!stopped) {
    for await (const page of log.readAll({ topics, from: (topic, partition) => next.get(`${topic}/${partition}`) ?? 0 })) {
      for (const event of page.events) {
        next.set(`${page.topic}/${page.partition}`, event.position.offset + 1);
        if (filter.types && !filter.types.includes(event.type)) continue;
        if (since !== undefined && Date.parse(event.meta.occurredAt) < since) continue;
        const line = eventLine(event);
        io.out(
          options.format === 'json'
            ? `${JSON.stringify(line)}\n`
            : `${[line.position, line.time, line.type, line.stream, line.actor ?? '(system)', line.summary].map(printable).join('\t')}\n`,
        );
      }
    }
    if (stopped) break;
    options.following?.();
    await new Promise<void>((done) => {
      const timer = setTimeout(done, options.pollMs);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });
  }
}

/** Where each partition is read from: `--from` (a position names its own partition), else the log's end now. */
export async function startingOffsets(log: LogEndSource, filter: EventFilter, topics: readonly Topic[]): Promise<Map<string, number>> {
  const next = new Map<string, number>();
  const from = filter.from;
  if (from && 'at' in from) return next; // From the start, keeping only events at or after the time.
  for (const topic of topics) {
    for (const [partition, end] of await log.endOffsets(topic)) {
      const start =
        from && 'position' in from
          ? from.position.topic === topic && from.position.partition === partition
            ? from.position.offset
            : end
          : end;
      next.set(`${topic}/${partition}`, start);
    }
  }
  return next;
}
