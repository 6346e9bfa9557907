import { z } from 'zod';
import {
  ALL_TOPICS,
  LOG_END_CURSOR,
  OPERATOR_PATHS,
  eventsQuerySchema,
  formatEventsCursor,
  parseEventsCursor,
  type EventsPageDto,
} from '@toolforge/contracts';
import { eventsPage } from '../cli/eventsList.js';
import { startingOffsets } from '../cli/eventsTail.js';
import { zodRoutes, type ConsoleRoutes } from './context.js';

const eventsPageSchema = z.strictObject({
  events: z.array(
    z.strictObject({
      position: z.string(),
      time: z.string(),
      type: z.string(),
      stream: z.string(),
      actor: z.string().nullable(),
      summary: z.string(),
    }),
  ),
  cursor: z.string(),
}) satisfies z.ZodType<EventsPageDto>;

/**
 * GET /operator/events: a page of the log's events as `toolforge events list` shows them, filtered
 * by topic, type, stream and time, and a cursor. The cursor names where each partition goes on:
 * passed back as `after` it pages on, and once the log's end is reached it follows new events, as
 * `toolforge events tail` does (`after=end` starts there). Never cached: the log moves on.
 */
export const eventRoutes: ConsoleRoutes = (parent, { shop }) => {
  zodRoutes(parent).get(
    OPERATOR_PATHS.events,
    {
      schema: {
        description: `A page of the log's events, oldest first within each partition (\`limit\`, 50 by default), with a one-line summary of each; filtered by \`topic\`, \`type\`, \`stream\`, and the time they occurred (\`from\` inclusive, \`to\` exclusive). \`cursor\` goes on: pass it as \`after\` for the next page, or again later for the events appended since. \`after=${LOG_END_CURSOR}\` answers no event and a cursor at the log's end, to follow from.`,
        querystring: eventsQuerySchema,
        response: { 200: eventsPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { topic, type, stream, from, to, after, limit } = request.query;
      const topics = topic ? [topic] : undefined;
      if (after === LOG_END_CURSOR) {
        return { events: [], cursor: formatEventsCursor(await startingOffsets(shop.log, {}, topics ?? ALL_TOPICS)) };
      }
      const page = await eventsPage(shop.log, {
        topics,
        types: type === undefined ? undefined : [type],
        stream,
        from,
        to,
        // Checked by the query's schema.
        after: (after === undefined ? undefined : parseEventsCursor(after)) ?? new Map(),
        limit,
      });
      return { events: [...page.lines], cursor: formatEventsCursor(page.next) };
    },
  );
};
