import { z } from 'zod';
import {
  deadLetterDryRunQuerySchema,
  deadLetterMessages,
  deadLetterParamsSchema,
  formatPosition,
  type DeadLetterDryRunDto,
  type DryRunRowDto,
} from '@toolforge/contracts';
import { HttpError } from '@toolforge/platform/http';
import { deadLetterAt, describeRefusal, refusesTheEvent, type SqlExecutor } from '@toolforge/platform/sql';
import { applyRowWrites, rowsOf, type RowWrite } from '@toolforge/read-model';
import { eventsAtOf, letterEventProjected } from '../../deadLetterRetries.js';
import { zodRoutes, type ConsoleRoutes } from '../context.js';

/** The dry run's path: one letter, by where its event sits in the log. */
export const DRY_RUN_ROUTE = '/operator/dead-letters/:topic/:partition/:offset/dry-run';

const dryRunSchema = z.strictObject({
  action: z.enum(['retry', 'skip']),
  position: z.string(),
  type: z.string(),
  event: z.unknown(),
  wouldApply: z.boolean(),
  error: z.string().nullable(),
  rows: z.array(z.strictObject({ table: z.string(), key: z.string() })),
}) satisfies z.ZodType<DeadLetterDryRunDto>;

/**
 * GET /operator/dead-letters/:topic/:partition/:offset/dry-run?action=retry|skip: what an admin's
 * retry or skip of the letter would do now, nothing changed (docs/projector.md#dead-letters-retried-or-skipped).
 * A retry's dry run projects the event the log holds there, as the projector would, and applies its
 * writes in a transaction that is rolled back: whether the read model would take it (the rows it
 * would write) or the database's refusal. A skip's names the event that would stay out.
 */
export const deadLetterDryRunRoutes: ConsoleRoutes = (parent, { shop }) => {
  zodRoutes(parent).get(
    DRY_RUN_ROUTE,
    {
      schema: {
        description:
          'What retrying or skipping this dead letter would do now, nothing changed: for a retry, whether the read model would take its event (and the rows it would write) or the error; for a skip, the event that would stay out of the read model.',
        params: deadLetterParamsSchema,
        querystring: deadLetterDryRunQuerySchema,
        response: { 200: dryRunSchema },
      },
    },
    async (request, reply): Promise<DeadLetterDryRunDto> => {
      reply.header('cache-control', 'no-store');
      const position = request.params;
      const { action } = request.query;
      const letter = await deadLetterAt(shop.readModel, position);
      if (!letter) throw new HttpError(404, deadLetterMessages.notFound);
      const projected = await letterEventProjected(position, eventsAtOf(shop.log));
      const answer = { action, position: formatPosition(position), type: letter.type, event: projected.event ?? jsonOf(letter.event) };
      if (action === 'skip') return { ...answer, wouldApply: true, error: null, rows: [] };
      const error = projected.refused ?? (await refusalOf(shop.readModel, projected.writes));
      return {
        ...answer,
        wouldApply: error === undefined,
        error: error ?? null,
        rows: error === undefined ? rowsWritten(projected.writes) : [],
      };
    },
  );
};

/** Thrown to roll a dry run's transaction back. */
class DryRunOver extends Error {}

/** Applies the writes in a transaction that is always rolled back: the database's refusal of them, or undefined when it takes them. */
async function refusalOf(sql: SqlExecutor, writes: readonly RowWrite[]): Promise<string | undefined> {
  let refusal: string | undefined;
  try {
    await sql.transaction(async (tx) => {
      try {
        await applyRowWrites(tx, writes);
      } catch (error) {
        // Anything else (the connection lost) is no answer about the event: the request fails.
        if (!refusesTheEvent(error)) throw error;
        refusal = describeRefusal(error);
      }
      throw new DryRunOver();
    });
  } catch (error) {
    if (!(error instanceof DryRunOver)) throw error;
  }
  return refusal;
}

/** Each row the writes would change once, as `column = key` of its table. */
function rowsWritten(writes: readonly RowWrite[]): DryRunRowDto[] {
  const rows = new Map<string, DryRunRowDto>();
  for (const row of writes.flatMap(rowsOf)) {
    const key = `${row.keyColumn} = ${row.key}`;
    rows.set(`${row.table} ${key}`, { table: row.table, key });
  }
  return [...rows.values()];
}

/** The letter's copy of its event (JSON text), for a letter whose event the log no longer holds. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
