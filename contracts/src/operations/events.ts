import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { featureEvents, type EventOf, type EventsOf } from '../eventDefinition.js';
import { count, id, reason, text } from '../eventFields.js';

/** The longest topic name Kafka takes, and so the longest a dead letter's position names. */
const TOPIC_NAME_MAX = 249;
/** "topic/partition/offset" (position.ts): a topic name, then two numbers of at most 6 and 15 digits. */
const POSITION_MAX = TOPIC_NAME_MAX + 23;
const EVENT_TYPE_MAX = 200;

/**
 * What an admin decided about one dead letter (docs/projector.md#dead-letters-retried-or-skipped):
 * where the event sits in the log (`letter` is that position as a token, the stream's key, so each
 * letter's decisions form one stream), its type as the letter named it, who decided (`by`, a uid)
 * and why, in their own words.
 */
const decision = z.strictObject({
  letter: id(POSITION_MAX),
  topic: id(TOPIC_NAME_MAX),
  partition: count,
  offset: count,
  eventType: text(EVENT_TYPE_MAX),
  by: id(LIMITS.uid),
  reason: reason.min(1),
});

/** The operators' decisions about the read model, on a topic of their own. */
export const operationEvents = featureEvents(
  { topicName: 'operations', topic: 'toolforge.operations', streamKey: 'letter' },
  {
    /** The projector applies the letter's event again, and keeps the letter with the new error if the read model still refuses it. */
    DeadLetterRetried: decision,
    /** The letter is dropped: its event stays out of the read model, and the projector records that it does. */
    DeadLetterSkipped: decision,
  },
);

export type DeadLetterRetried = EventOf<typeof operationEvents, 'DeadLetterRetried'>;
export type DeadLetterSkipped = EventOf<typeof operationEvents, 'DeadLetterSkipped'>;
export type OperationEvent = EventsOf<typeof operationEvents>;
