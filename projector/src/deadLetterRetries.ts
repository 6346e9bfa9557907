import { TOPICS, formatPosition, type Topic } from '@toolforge/contracts';
import type { EventLog, EventsAt, StoredEvent } from '@toolforge/platform';
import type { LetterPosition, ProjectedEvent } from '@toolforge/platform/sql';
import { projectOrRefuse, type RowWrite } from '@toolforge/read-model';
import type { ProjectedPage } from './readModelUpdater.js';

/**
 * A page of the operators' topic with each admin's retry of a dead letter (DeadLetterRetried, whose
 * projection is the read model's `retryDeadLetter`) in the form the store applies it: the letter's
 * own event, read from the log where it sits (`eventsAt`, its personal values opened as every event
 * the projector applies) and projected, in the retry's place (ProjectedEvent.retries). An event the
 * log no longer holds, or that still cannot be projected, is refused again: the letter stays, with
 * the reason. Pages of other topics are handed back as they are.
 */
export async function withRetriedLetters(page: ProjectedPage, eventsAt: EventsAt | undefined): Promise<ProjectedPage> {
  if (page.topic !== TOPICS.operations) return page;
  let retries = false;
  const events = await Promise.all(
    page.events.map(async (event): Promise<ProjectedEvent<RowWrite>> => {
      const retry = event.writes.find((write) => write.kind === 'retryDeadLetter');
      if (retry === undefined) return event;
      retries = true;
      const letter = { topic: retry.topic, partition: retry.partition, offset: retry.offset };
      const { writes, refused } = await letterEventProjected(letter, eventsAt);
      return { offset: event.offset, source: event.source, writes, refused, retries: letter };
    }),
  );
  return retries ? { ...page, events } : page;
}

/**
 * The dead letter's event as the projector would apply it now (a retry, and its dry run in the
 * console): the event the log holds there, and its writes, or why it still cannot be applied.
 */
export async function letterEventProjected(
  letter: LetterPosition,
  eventsAt: EventsAt | undefined,
): Promise<Pick<ProjectedEvent<RowWrite>, 'writes' | 'refused'> & { event?: StoredEvent }> {
  if (!eventsAt) return { writes: [], refused: 'this projector cannot read events by their position in the log to retry them' };
  const [event] = await eventsAt.readAt(letter.topic as Topic, letter.partition, [letter.offset]);
  if (!event) return { writes: [], refused: `the log holds no event at ${formatPosition(letter)}` };
  return { ...projectOrRefuse(event), event };
}

/**
 * Reads given events of any log: its own readAt where it has one (the embedded log), else a read
 * from the offset (a Kafka log as the console's host holds it). Slow for many; a dead letter is one.
 */
export function eventsAtOf(log: EventLog): EventsAt {
  if ('readAt' in log) return log as EventLog & EventsAt;
  return {
    async readAt(topic, partition, offsets) {
      const found: StoredEvent[] = [];
      for (const offset of offsets) {
        const from = (_topic: Topic, at: number) => (at === partition ? offset : Number.MAX_SAFE_INTEGER);
        for await (const page of log.readAll({ topics: [topic], from, pageSize: 1 })) {
          const [event] = page.events;
          if (event?.position.offset === offset) found.push(event);
          break;
        }
      }
      return found;
    },
  };
}
