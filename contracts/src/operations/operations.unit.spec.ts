import { describe, expect, it } from 'vitest';
import { EVENT_DATA_SCHEMAS } from '../eventSchemas.js';
import { TOPIC_OF_EVENT } from '../events.js';
import { personalFieldsOf } from '../personalData.js';
import { deadLetterDecisionSchema, deadLetterDryRunQuerySchema, deadLetterMessages, deadLetterParamsSchema } from './deadLetters.js';

const decided = {
  letter: 'catalog.products/0/42',
  topic: 'catalog.products',
  partition: 0,
  offset: 42,
  eventType: 'ProductAdded',
  by: 'admin-uid',
  reason: 'the price check was too strict; fixed in 1.4',
};

describe('the operators’ decisions about dead letters', () => {
  it('are events of their own topic, keyed by the letter’s position, with no personal value', () => {
    expect(TOPIC_OF_EVENT.DeadLetterRetried).toBe('toolforge.operations');
    expect(TOPIC_OF_EVENT.DeadLetterSkipped).toBe('toolforge.operations');
    expect(EVENT_DATA_SCHEMAS.DeadLetterRetried.safeParse(decided).success).toBe(true);
    expect(personalFieldsOf('DeadLetterRetried')).toEqual([]);
    expect(personalFieldsOf('DeadLetterSkipped')).toEqual([]);
  });

  it('refuse a decision without a reason, or with a hidden character in it', () => {
    expect(EVENT_DATA_SCHEMAS.DeadLetterSkipped.safeParse({ ...decided, reason: '' }).success).toBe(false);
    expect(EVENT_DATA_SCHEMAS.DeadLetterSkipped.safeParse({ ...decided, reason: 'why\u202e' }).success).toBe(false);
  });
});

describe('a retry’s or a skip’s request', () => {
  it('names a letter of a shop topic and says why, trimmed', () => {
    const body = deadLetterDecisionSchema.parse({ topic: 'sales.orders', partition: 1, offset: 7, reason: '  retried after fix  ' });
    expect(body).toEqual({ topic: 'sales.orders', partition: 1, offset: 7, reason: 'retried after fix' });
  });

  it('is refused with the field’s own words', () => {
    const refusal = (body: object) => deadLetterDecisionSchema.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(refusal({ topic: 'sales.orders', partition: 1, offset: 7, reason: '   ' })).toEqual([deadLetterMessages.reason]);
    expect(refusal({ topic: 'no.such', partition: 1, offset: 7, reason: 'x' })).toEqual([deadLetterMessages.topic]);
    expect(refusal({ topic: 'sales.orders', partition: -1, offset: 7, reason: 'x' })).toEqual([deadLetterMessages.partition]);
    expect(refusal({ topic: 'sales.orders', partition: 0, offset: 1.5, reason: 'x' })).toEqual([deadLetterMessages.offset]);
  });

  it('reads a dry run’s letter from its path, and its action from the query', () => {
    expect(deadLetterParamsSchema.parse({ topic: 'sales.orders', partition: '2', offset: '40' })).toEqual({
      topic: 'sales.orders',
      partition: 2,
      offset: 40,
    });
    expect(deadLetterParamsSchema.safeParse({ topic: 'sales.orders', partition: 'x', offset: '40' }).success).toBe(false);
    expect(deadLetterDryRunQuerySchema.safeParse({ action: 'delete' }).error?.issues[0]?.message).toBe(deadLetterMessages.action);
  });
});
