import { z } from 'zod';
import { ALL_TOPICS, type Topic } from '../events.js';
import { parsePosition } from '../position.js';

/**
 * The operator console (docs/operators.md#the-operator-console): what `toolforge` shows an operator,
 * served to admins over HTTP by the same code. Its routes live under this prefix.
 */
export const OPERATOR_PATHS = {
  projections: '/operator/projections',
  deadLetters: '/operator/dead-letters',
  events: '/operator/events',
  orderAudit: '/operator/orders/:id/audit',
  verify: '/operator/audit/verify',
} as const;

/** Where an order's audit is read (the web's read). */
export function orderAuditPath(orderId: string): string {
  return `/operator/orders/${encodeURIComponent(orderId)}/audit`;
}

/** Where one partition's projection stands against the log's end (`toolforge status`). */
export interface PartitionStatusDto {
  topic: string;
  partition: number;
  /** The next offset the projector applies. */
  checkpoint: number;
  logEnd: number;
  /** Events still to project. */
  lag: number;
  /** How long the oldest event still to project has waited, in seconds. */
  lagSeconds: number;
}

/** GET /operator/projections. */
export interface ProjectionsDto {
  log: string;
  logId: string;
  readModel: string;
  /** The log the read model was built from; null before a projector first ran. */
  boundTo: string | null;
  boundToThisLog: boolean;
  partitions: PartitionStatusDto[];
  deadLetters: number;
}

/** An event the projector set aside (projection_dead_letters), as stored there. */
export interface DeadLetterDto {
  /** topic/partition/offset */
  position: string;
  type: string;
  error: string;
  deadAt: string;
  /** The event as the projector met it (JSON), for an admin to see what it could not apply. */
  event: unknown;
}

/** GET /operator/dead-letters: the newest first, and how many there are in all. */
export interface DeadLettersDto {
  total: number;
  deadLetters: DeadLetterDto[];
}

/** One event of the log as `toolforge events list` shows it. */
export interface EventLineDto {
  position: string;
  time: string;
  type: string;
  stream: string;
  actor: string | null;
  summary: string;
}

/** GET /operator/events: a page of events, and the cursor to ask for the ones after it. */
export interface EventsPageDto {
  events: EventLineDto[];
  /** Pass as `after` for the next page, or to follow new events. */
  cursor: string;
}

/** The most events one page of GET /operator/events holds, and the page size when none is asked for. */
export const EVENTS_PAGE_LIMIT = 200;
export const EVENTS_PAGE_DEFAULT = 50;

/** `after=end`: from the log's end as it is now (an empty page and a cursor to follow from). */
export const LOG_END_CURSOR = 'end';

/**
 * A cursor: where each partition's reading goes on, as positions `topic/partition/offset` joined by
 * commas (the next offset to read). Undefined when the text is not one.
 */
export function parseEventsCursor(text: string): Map<string, number> | undefined {
  const next = new Map<string, number>();
  if (text === '') return next;
  for (const token of text.split(',')) {
    const position = parsePosition(token);
    if (!position || !ALL_TOPICS.includes(position.topic as Topic)) return undefined;
    next.set(`${position.topic}/${position.partition}`, position.offset);
  }
  return next;
}

export function formatEventsCursor(next: ReadonlyMap<string, number>): string {
  return [...next].map(([partition, offset]) => `${partition}/${offset}`).join(',');
}

export const consoleMessages = {
  topic: `topic should be one of ${ALL_TOPICS.join(', ')}`,
  type: 'type should be an event type of the shop, such as OrderPlaced',
  stream: 'stream should be 1 to 200 visible characters',
  time: 'from and to should be times such as 2026-04-06T08:00:00Z',
  timeOrder: 'from should be before to',
  after: `after should be the cursor a page answered, or ${LOG_END_CURSOR}`,
  limit: `limit should be a whole number from 1 to ${EVENTS_PAGE_LIMIT}`,
  orderNotInLog: 'The log holds no such order',
  verifyKey: 'The log cannot be verified: the shop has no key to check its anchors with (docs/audit-trail.md)',
} as const;

const time = z
  .string()
  .refine(
    (text) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text)),
    consoleMessages.time,
  )
  .transform((text) => new Date(text));

/**
 * GET /operator/events' query: every filter optional. `type` is checked against the shop's event
 * types where the route knows them (the log may hold types this build cannot read: those are
 * listed unfiltered).
 */
export const eventsQuerySchema = z
  .strictObject({
    topic: z.enum(ALL_TOPICS as [Topic, ...Topic[]], { error: consoleMessages.topic }).optional(),
    type: z
      .string()
      .regex(/^[A-Z][A-Za-z]{1,60}$/, consoleMessages.type)
      .optional(),
    stream: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/, consoleMessages.stream)
      .optional(),
    from: time.optional(),
    to: time.optional(),
    after: z
      .string()
      .max(4000, consoleMessages.after)
      .refine((text) => text === LOG_END_CURSOR || parseEventsCursor(text) !== undefined, consoleMessages.after)
      .optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, consoleMessages.limit)
      .transform(Number)
      .pipe(z.number().min(1, consoleMessages.limit).max(EVENTS_PAGE_LIMIT, consoleMessages.limit))
      .default(EVENTS_PAGE_DEFAULT),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: consoleMessages.timeOrder, path: ['from'] });
export type EventsQuery = z.output<typeof eventsQuerySchema>;

/** One event of an order's history, and its status after it (`toolforge audit order`). */
export interface OrderHistoryLineDto {
  position: string;
  time: string;
  type: string;
  actor: string | null;
  status: string;
  reason?: string;
}

/** One way the read model differs from the log. */
export interface DisagreementDto {
  what: 'order' | 'product';
  id: string;
  field: string;
  log: string;
  readModel: string;
}

/** GET /operator/orders/:orderId/audit: the order as the log tells it, its sums checked, its read-model row checked against it. */
export interface OrderAuditDto {
  orderId: string;
  userId: string;
  placedAt: string;
  status: string;
  totalCostCents: number;
  history: OrderHistoryLineDto[];
  /** Sums of the order that do not add up (none when it is right). */
  wrongSums: { field: string; recorded: number; computed: number }[];
  /** Rows compared (the order's, and its products'). */
  checked: number;
  disagreements: DisagreementDto[];
}

/** One partition's hash chain checked (`toolforge audit verify`). */
export interface PartitionVerifiedDto {
  topic: string;
  partition: number;
  events: number;
  unchained: number;
  anchorsChecked: number;
  anchoredUpTo: number | null;
  lastOffset: number | null;
}

export interface ChainProblemDto {
  position: { topic: string; partition: number; offset: number } | null;
  kind: string;
  detail: string;
}

/** GET /operator/audit/verify. */
export interface VerifyReportDto {
  log: string;
  anchors: string;
  publicKey: string;
  anchorsOfThisLog: number;
  events: number;
  seconds: number;
  partitions: PartitionVerifiedDto[];
  problems: ChainProblemDto[];
}
