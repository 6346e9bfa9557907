import { z } from 'zod';
import { OPERATOR_PATHS, formatPosition, type DeadLettersDto } from '@toolforge/contracts';
import { zodRoutes, type ConsoleRoutes } from './context.js';

/** The most dead letters the list shows: the newest; `total` counts them all. */
export const DEAD_LETTERS_LISTED = 100;

const deadLettersSchema = z.strictObject({
  total: z.number().int(),
  deadLetters: z.array(
    z.strictObject({ position: z.string(), type: z.string(), error: z.string(), deadAt: z.string(), event: z.unknown() }),
  ),
}) satisfies z.ZodType<DeadLettersDto>;

/**
 * GET /operator/dead-letters: the events the projector set aside, newest first, each with its error
 * and the event as the projector met it. That copy holds the customers' values opened (the projector
 * reads the log through the vault, docs/privacy.md), and is shown so: the console is for admins,
 * who see those values in the shop's own pages too, and an event cannot be judged without its data.
 */
export const deadLetterListRoutes: ConsoleRoutes = (parent, { deadLetters }) => {
  zodRoutes(parent).get(
    OPERATOR_PATHS.deadLetters,
    {
      schema: {
        description: `The events the projector could not apply (projection_dead_letters), the newest ${DEAD_LETTERS_LISTED}: where each sat in the log, its type, the error, when it was set aside, and the event itself; \`total\` counts them all.`,
        response: { 200: deadLettersSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const [total, listed] = await Promise.all([deadLetters.deadLetterCount(), deadLetters.deadLetters(DEAD_LETTERS_LISTED)]);
      return {
        total,
        deadLetters: listed.map((letter) => ({
          position: formatPosition(letter),
          type: letter.type,
          error: letter.error,
          deadAt: letter.deadAt,
          event: eventOf(letter.event),
        })),
      };
    },
  );
};

/** The stored JSON text as data; text that is not JSON (it cannot be, but the table is not the shop's to trust) as it is. */
function eventOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
