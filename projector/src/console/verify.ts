import { z } from 'zod';
import { OPERATOR_PATHS, consoleMessages, type VerifyReportDto } from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import { DEFAULT_GRACE_MINUTES, NoPublicKey, verifyLog, type VerifyReport } from '../cli/verify/verifyCommand.js';
import { zodRoutes, type ConsoleRoutes } from './context.js';

const position = z.strictObject({ topic: z.string(), partition: z.number().int(), offset: z.number().int() });
const verifyReportSchema = z.strictObject({
  log: z.string(),
  anchors: z.string(),
  publicKey: z.string(),
  anchorsOfThisLog: z.number().int(),
  events: z.number().int(),
  seconds: z.number(),
  partitions: z.array(
    z.strictObject({
      topic: z.string(),
      partition: z.number().int(),
      events: z.number().int(),
      unchained: z.number().int(),
      anchorsChecked: z.number().int(),
      anchoredUpTo: z.number().int().nullable(),
      lastOffset: z.number().int().nullable(),
    }),
  ),
  problems: z.array(z.strictObject({ position: position.nullable(), kind: z.string(), detail: z.string() })),
}) satisfies z.ZodType<VerifyReportDto>;

/**
 * GET /operator/audit/verify: `toolforge audit verify`'s check of the whole log, which reads every
 * event as written (docs/audit-trail.md says how fast). One runs at a time: a request that comes
 * while one runs is answered with that one's result rather than starting another read of the log.
 */
export const verifyRoutes: ConsoleRoutes = (parent, { shop, verify }) => {
  let running: Promise<VerifyReport> | undefined;
  zodRoutes(parent).get(
    OPERATOR_PATHS.verify,
    {
      schema: {
        description:
          'The log’s hash chain recomputed partition by partition and met with the signed anchors: `problems` names each event altered, moved or missing, and each anchor the log no longer meets. Reads the whole log, so it takes as long as `toolforge audit verify`; calls made while one runs share its result. 409 when the shop has no key to check the anchors with.',
        response: { 200: verifyReportSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      running ??= verifyLog(shop, verify, { graceMinutes: DEFAULT_GRACE_MINUTES }).finally(() => (running = undefined));
      try {
        const report = await running;
        return { ...report, partitions: [...report.partitions], problems: [...report.problems] };
      } catch (error) {
        if (error instanceof NoPublicKey) throw new HttpError(409, consoleMessages.verifyKey);
        throw error;
      }
    },
  );
};
