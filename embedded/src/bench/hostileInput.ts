/**
 * Issue 34 row 1's long-input guard: every schema a route reads its body, path, query or headers
 * with is fed long hostile texts, and the slowest parse is a row of the bench's table. The patterns'
 * linearity is proven in contracts (linearPatterns.unit.spec.ts); this figure shows what a request
 * at the body limit costs the one thread the embedded shop has, and catches a slow check that is
 * no pattern. Timed here, not in a unit test.
 */
import {
  addProductSchema,
  allOrdersQuerySchema,
  cancelOrderSchema,
  idempotencyKeySchema,
  loginSyncSchema,
  logoutSchema,
  makeAdminSchema,
  orderIdParamsSchema,
  orderStatusSchema,
  parsePosition,
  placeOrderSchema,
  postReviewSchema,
  productIdParamsSchema,
  productsCountQuerySchema,
  productsQuerySchema,
  removeReviewSchema,
  restockSchema,
  reviewIdParamsSchema,
  reviewsQuerySchema,
  revokeAdminSchema,
  uidParamsSchema,
  updateProductSchema,
} from '@toolforge/contracts';
import type { Figure } from './figures.js';

/** The body limit of the signed-in routes: the longest text a request can bring. */
export const HOSTILE_LENGTH = 64 * 1024;
/** One request's parse must not hold the thread noticeably: a fraction of an order's p99 goal. */
export const HOSTILE_PARSE_GOAL_MS = 10;

/** What a request schema of contracts looks like from here: an object (maybe transformed after) or a text. */
interface RequestSchema {
  safeParse(input: unknown): { success: boolean };
  readonly def: { readonly shape?: Readonly<Record<string, unknown>>; readonly in?: unknown };
}

/** One thing a route reads, and whether it takes a text (its every field set to that text). */
export interface RequestPart {
  readonly name: string;
  readonly takes: (text: string) => boolean;
}

function fieldNames(schema: RequestSchema): string[] {
  if (schema.def.shape) return Object.keys(schema.def.shape);
  if (schema.def.in) return fieldNames(schema.def.in as RequestSchema);
  throw new Error('a request schema is an object, or an object transformed');
}

/** An object schema fed the text in every one of its fields at once (zod reads every field). */
function everyField(name: string, schema: RequestSchema): RequestPart {
  const fields = fieldNames(schema);
  return { name, takes: (text) => schema.safeParse(Object.fromEntries(fields.map((field) => [field, text]))).success };
}

/** Every schema the routes read requests with (command-service and query-service routes), by route. */
export const REQUEST_PARTS: readonly RequestPart[] = [
  everyField('POST /login', loginSyncSchema),
  everyField('POST /logout', logoutSchema),
  everyField('POST /makeadmin', makeAdminSchema),
  everyField('POST /revokeadmin', revokeAdminSchema),
  everyField('POST /addproduct', addProductSchema),
  everyField('PUT /product/:id', updateProductSchema),
  everyField('POST /product/:id/restock', restockSchema),
  everyField('/product/:id (path)', productIdParamsSchema),
  everyField('POST /order', placeOrderSchema),
  { name: 'POST /order Idempotency-Key', takes: (text) => idempotencyKeySchema.safeParse(text).success },
  everyField('/orders/:id (path)', orderIdParamsSchema),
  everyField('POST /orders/:id/status', orderStatusSchema),
  everyField('POST /orders/:id/cancel', cancelOrderSchema),
  everyField('POST /review', postReviewSchema),
  everyField('DELETE /review/:id', removeReviewSchema),
  everyField('/review/:id (path)', reviewIdParamsSchema),
  everyField('GET /products', productsQuerySchema),
  everyField('GET /productscount', productsCountQuerySchema),
  everyField('GET /allorders', allOrdersQuerySchema),
  everyField('GET /orders/:uid', uidParamsSchema),
  everyField('GET /reviews', reviewsQuerySchema),
  { name: 'X-Read-After', takes: (text) => parsePosition(text) !== null },
];

/** A hostile text, and how the table names it. */
export interface HostileText {
  readonly text: string;
  readonly label: string;
}

/**
 * The worst cases of the shapes the shop's patterns have: a run a quantifier takes (dots, digits,
 * letters, spaces) after the start of an address, a decimal, a URL or a position, ended by a
 * character that makes the match fail only at the very end. "a@", dots and "@" is issue 34's e-mail.
 */
export function hostileTexts(length = HOSTILE_LENGTH): HostileText[] {
  const starts = ['', 'a@', 'a@b', '1.', 'http://', '/', 'a/1/'];
  const runs = ['.', '1', 'a', ' '];
  const ends = ['@', 'x', ' '];
  return starts.flatMap((start) =>
    runs.flatMap((run) =>
      ends.map((end) => {
        const count = Math.max(0, length - start.length - end.length);
        const label = `${JSON.stringify(start)} + ${JSON.stringify(run)} × ${count.toLocaleString('en')} + ${JSON.stringify(end)}`;
        return { text: start + run.repeat(count) + end, label };
      }),
    ),
  );
}

/** The slowest parse seen, and of what. */
export interface SlowestParse {
  readonly part: string;
  readonly text: string;
  readonly ms: number;
}

/** A parse this slow is not a disturbance: it is not repeated (a pattern gone quadratic takes seconds). */
const FAR_OVER_GOAL_MS = 10 * HOSTILE_PARSE_GOAL_MS;

/**
 * Each part fed each text: the least disturbed of three parses counts (the machine is shared; a
 * collection of the garbage or a compilation can land in any one of them).
 */
export function slowestParse(
  parts: readonly RequestPart[] = REQUEST_PARTS,
  texts: readonly HostileText[] = hostileTexts(),
  now: () => number = () => performance.now(),
): SlowestParse {
  // Short texts first, so that what is timed is the parse, not V8 compiling it.
  for (const part of parts) for (const { text } of hostileTexts(64)) part.takes(text);
  let slowest: SlowestParse = { part: '', text: '', ms: -1 };
  for (const part of parts) {
    for (const { text, label } of texts) {
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const started = now();
        part.takes(text);
        const ms = now() - started;
        best = Math.min(best, ms);
        if (ms > FAR_OVER_GOAL_MS) break;
      }
      if (best > slowest.ms) slowest = { part: part.name, text: label, ms: best };
    }
  }
  return slowest;
}

/** The table's row: the slowest request part's parse of a hostile text, against the goal. */
export function hostileInputFigure(slowest: SlowestParse, parts: number, texts: number): Figure {
  const ms = Math.round(slowest.ms * 100) / 100;
  return {
    stack: 'in-process',
    figure: 'hostile input: slowest request schema',
    routes: `${slowest.part}: ${slowest.text} (of ${parts} schemas × ${texts} texts of ${HOSTILE_LENGTH / 1024} KiB)`,
    // How many such requests that schema could refuse a second on one core.
    requestsPerSecond: slowest.ms > 0 ? Math.round(1000 / slowest.ms) : 0,
    p99Ms: ms,
    ratio: null,
    goal: `slowest parse <= ${HOSTILE_PARSE_GOAL_MS} ms`,
    met: slowest.ms <= HOSTILE_PARSE_GOAL_MS,
    failures: 'none',
  };
}

/** The figure of `make bench` (BENCH_ONLY=inputs): every request schema against every hostile text. */
export function measureHostileInput(): Figure {
  const texts = hostileTexts();
  return hostileInputFigure(slowestParse(REQUEST_PARTS, texts), REQUEST_PARTS.length, texts.length);
}
