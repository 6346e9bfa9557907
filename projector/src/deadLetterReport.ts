import type { DeadLetterReader } from '@toolforge/platform/sql';
import type { ProjectorLogger } from './readModelUpdater.js';

/**
 * The status line a projector prints at start when events are set aside: each was said loudly when
 * it was set aside, but a restarted process must not look healthy while the read model lacks them.
 * Resolves how many there are.
 */
export async function reportDeadLetters(store: DeadLetterReader, logger: ProjectorLogger | undefined): Promise<number> {
  const count = await store.deadLetterCount();
  if (count > 0) {
    const [newest] = await store.deadLetters(1);
    logger?.error(
      {
        deadLetters: count,
        newest: newest && {
          topic: newest.topic,
          partition: newest.partition,
          offset: newest.offset,
          type: newest.type,
          error: newest.error,
        },
      },
      `${count} event(s) are set aside in projection_dead_letters: the read model lacks them (docs/projector.md says what to do)`,
    );
  }
  return count;
}
