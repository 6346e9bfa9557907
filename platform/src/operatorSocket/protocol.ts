import { join } from 'node:path';
import { z } from 'zod';
import { ALL_TOPICS, email, isPlainText } from '@toolforge/contracts';

/**
 * What the running embedded shop offers the operators' tool on its Unix socket (docs/operators.md):
 * the log's partitions and pages as written, its ends and identity, and read-only SQL on the read
 * model. Nothing on it writes a row; one route appends one event: the operator's break-glass admin
 * grant, decided by the shop's own command side (never written here).
 */
export const OPERATOR_SOCKET_FILE = 'toolforge-operator.sock';

export function operatorSocketPath(dataDir: string): string {
  return join(dataDir, OPERATOR_SOCKET_FILE);
}

/**
 * The longest Unix socket path that works everywhere (macOS allows 104 bytes with the NUL, Linux 108).
 * Node does not refuse a longer one: it silently cuts it, and would listen at another path.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

export function socketPathFits(path: string): boolean {
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES;
}

export const OPERATOR_ROUTES = {
  partitions: '/log/partitions',
  page: '/log/page',
  endOffsets: '/log/end-offsets',
  identify: '/log/identify',
  sql: '/read-model/query',
  grantAdmin: '/admins/grant',
  forgetCustomer: '/customers/forget',
} as const;

/** The most events one page request may ask for: a page is one bounded answer, never the whole log. */
export const MAX_PAGE_SIZE = 5000;
/** The most rows one SQL answer holds, and its most bytes of JSON; a bigger answer is refused (413), not cut short. */
export const MAX_SQL_ROWS = 1_000_000;
export const MAX_SQL_ANSWER_BYTES = 256 * 1024 * 1024;

const topic = z.enum(ALL_TOPICS);
const stream = z.string().min(1).max(200).optional();

export const partitionsRequestSchema = z.object({ topic, stream }).strict();

export const pageRequestSchema = z
  .object({
    topic,
    partition: z.number().int().min(0),
    fromOffset: z.number().int().min(0),
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE),
    stream,
  })
  .strict();

export const endOffsetsRequestSchema = z.object({ topic }).strict();

export const identifyRequestSchema = z.object({}).strict();

/**
 * One statement that reads: it must start with SELECT or WITH, and it runs in a read-only
 * transaction that is rolled back after it, so PostgreSQL refuses any write hidden in it (a
 * data-modifying WITH, a function that writes) and no setting it changes outlives it.
 */
export const sqlRequestSchema = z
  .object({
    sql: z
      .string()
      .max(100_000)
      .regex(/^\s*(select|with)\b/i, 'only a SELECT (or WITH … SELECT) statement is served'),
    params: z
      .array(z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .max(1000)
      .default([]),
  })
  .strict();

/**
 * `toolforge admins grant <email>`: the account the log knows by `email` made an admin, whatever its
 * role's history. `operator` is the OS user the tool runs as, recorded as the event's actor: only
 * the data dir's owner (or root) can open the socket, so the name is the owner's own word.
 */
const operator = z
  .string()
  .min(1)
  .max(64)
  .refine((name) => isPlainText(name), 'an operator’s name is one line of plain text');

export const grantAdminRequestSchema = z.object({ email: email('expected an e-mail address'), operator }).strict();

export type GrantAdminRequest = z.infer<typeof grantAdminRequestSchema>;

/** The grant as appended: whose account, the actor the event names, and where the log stored it. */
export interface GrantedAdmin {
  readonly uid: string;
  readonly email: string;
  readonly actor: string;
  readonly position: string;
}

/** The command side's grant, handed to the socket by the host; a refusal throws an error with its `statusCode`. */
export type AdminGrant = (request: GrantAdminRequest) => Promise<GrantedAdmin>;

export type PartitionsRequest = z.infer<typeof partitionsRequestSchema>;
export type PageRequest = z.infer<typeof pageRequestSchema>;
export type SqlRequest = z.input<typeof sqlRequestSchema>;

/** Every refusal and failure is this body, with a 4xx or 5xx status. */
export interface OperatorSocketError {
  readonly error: string;
  /** PostgreSQL's SQLSTATE when the database refused the statement (25006: a write in a read-only transaction). */
  readonly code?: string;
}

/**
 * `toolforge forget customer <uid>`: the account erased by the operator (docs/privacy.md#erasure), as
 * the customer's own POST /me/erase does; `operator` is recorded as the event's actor.
 */
export const forgetCustomerRequestSchema = z
  .object({
    uid: z
      .string()
      .min(1)
      .max(128)
      .refine((uid) => isPlainText(uid), 'a uid is one line of plain text'),
    operator,
  })
  .strict();

export type ForgetCustomerRequest = z.infer<typeof forgetCustomerRequestSchema>;

/** The erasure as done: whose account, the actor the event names, and where the log stored it (null: erased before, nothing appended). */
export interface ForgottenCustomer {
  readonly uid: string;
  readonly actor: string;
  readonly position: string | null;
}

/** The command side's erasure, handed to the socket by the host; a refusal throws an error with its `statusCode` (404, 409). */
export type ForgetCustomer = (request: ForgetCustomerRequest) => Promise<ForgottenCustomer>;
