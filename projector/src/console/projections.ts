import { z } from 'zod';
import { OPERATOR_PATHS, type ProjectionsDto } from '@toolforge/contracts';
import { projectionStatus } from '../cli/statusCommand.js';
import { zodRoutes, type ConsoleRoutes } from './context.js';

const projectionsSchema = z.strictObject({
  log: z.string(),
  logId: z.string(),
  readModel: z.string(),
  boundTo: z.string().nullable(),
  boundToThisLog: z.boolean(),
  partitions: z.array(
    z.strictObject({
      topic: z.string(),
      partition: z.number().int(),
      checkpoint: z.number().int(),
      logEnd: z.number().int(),
      lag: z.number().int(),
      lagSeconds: z.number(),
    }),
  ),
  deadLetters: z.number().int(),
  skippedLetters: z.number().int(),
}) satisfies z.ZodType<ProjectionsDto>;

/**
 * GET /operator/projections: `toolforge status`'s figures. It reads the events still to project
 * (their count and the oldest one's age), so a projector far behind makes it slower, never wrong.
 */
export const projectionRoutes: ConsoleRoutes = (parent, { shop }) => {
  zodRoutes(parent).get(
    OPERATOR_PATHS.projections,
    {
      schema: {
        description:
          'Where the projection of each partition of the log stands: its checkpoint against the log’s end, the events still to project (lag) and how long the oldest has waited; the dead letters’ count, and the log the read model is bound to. As `toolforge status`.',
        response: { 200: projectionsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const status = await projectionStatus(shop);
      return { ...status, partitions: [...status.partitions] };
    },
  );
};
