import { z } from 'zod';
import type { ApiTag } from '../apiTags.js';
import { LIMITS } from '../constants.js';
import { ALL_TOPICS, type Topic } from '../events.js';
import { messages } from '../messages.js';
import type { LogPosition } from '../position.js';
import { requiredText } from '../schemas/fields.js';

/** The operators' routes about the read model's dead letters: the dry runs (console) and the decisions (command side). */
export const OPERATIONS_TAG: ApiTag = {
  name: 'Operations',
  description: 'What admins decide about the read model: a dead letter retried or skipped, each tried first as a dry run.',
};

/** Where an admin decides about a dead letter (the command side), and tries the decision first (the console). */
export const DEAD_LETTER_PATHS = {
  retry: '/operator/dead-letters/retry',
  skip: '/operator/dead-letters/skip',
  dryRun: ({ topic, partition, offset }: LogPosition, action: DeadLetterAction) =>
    `/operator/dead-letters/${encodeURIComponent(topic)}/${partition}/${offset}/dry-run?action=${action}`,
} as const;

export const DEAD_LETTER_ACTIONS = ['retry', 'skip'] as const;
export type DeadLetterAction = (typeof DEAD_LETTER_ACTIONS)[number];

export const deadLetterMessages = {
  topic: `topic should be one of ${ALL_TOPICS.join(', ')}`,
  partition: 'partition should be a whole number from 0',
  offset: 'offset should be a whole number from 0',
  reason: 'Say why (a short reason is kept in the log with your decision)',
  action: `action should be one of ${DEAD_LETTER_ACTIONS.join(', ')}`,
  notFound: 'The read model has no such dead letter',
} as const;

const topic = z.enum(ALL_TOPICS as [Topic, ...Topic[]], { error: deadLetterMessages.topic });
const wholeFromZero = (message: string) => z.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message);
/** A number in a path: its digits. */
const wholeInPath = (message: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, message)
    .transform(Number);

/** POST /operator/dead-letters/retry and /skip: which letter, and why the admin decides so. */
export const deadLetterDecisionSchema = z.strictObject({
  topic,
  partition: wholeFromZero(deadLetterMessages.partition),
  offset: wholeFromZero(deadLetterMessages.offset),
  reason: requiredText({ label: 'Reason' }, deadLetterMessages.reason).max(LIMITS.reason, messages.reasonMax),
});
export type DeadLetterDecisionBody = z.output<typeof deadLetterDecisionSchema>;

/** GET /operator/dead-letters/:topic/:partition/:offset/dry-run: the letter. */
export const deadLetterParamsSchema = z.strictObject({
  topic,
  partition: wholeInPath(deadLetterMessages.partition),
  offset: wholeInPath(deadLetterMessages.offset),
});
export const deadLetterDryRunQuerySchema = z.strictObject({
  action: z.enum(DEAD_LETTER_ACTIONS, { error: deadLetterMessages.action }),
});

/** One row a retried event would write: its table and the columns that key it. */
export interface DryRunRowDto {
  table: string;
  key: string;
}

/**
 * What a retry or a skip would do now, nothing done: for a retry, whether the read model would
 * take the event (its rows), or the database's refusal; for a skip, the event that would stay out.
 */
export interface DeadLetterDryRunDto {
  action: DeadLetterAction;
  position: string;
  type: string;
  /** The event as the log holds it now (its personal values opened), or the letter's copy when the log no longer has it. */
  event: unknown;
  /** A retry: whether the read model would take it. A skip: always true. */
  wouldApply: boolean;
  /** Why the read model would refuse it again (a retry that would fail). */
  error: string | null;
  rows: DryRunRowDto[];
}
