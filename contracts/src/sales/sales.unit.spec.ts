import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { salesPath, salesQuerySchema } from './sales.js';

const parsed = (from: string, to: string) => {
  const result = salesQuerySchema.safeParse({ from, to });
  return result.success
    ? [result.data.from.toISOString(), result.data.to.toISOString()]
    : result.error.issues.map((issue) => issue.message);
};

describe('the sales report’s period', () => {
  it('takes a date as its midnight UTC and a date-time at its offset, as toolforge audit orders does', () => {
    expect(parsed('2026-03-02', '2026-03-05')).toEqual(['2026-03-02T00:00:00.000Z', '2026-03-05T00:00:00.000Z']);
    expect(parsed('2026-03-02T00:30+01:00', '2026-03-02T10:00:00.5Z')).toEqual(['2026-03-01T23:30:00.000Z', '2026-03-02T10:00:00.500Z']);
    expect(parsed('2028-02-29', '2029-02-28')).toEqual(['2028-02-29T00:00:00.000Z', '2029-02-28T00:00:00.000Z']);
  });

  it('refuses a moment without its offset, a day the calendar has not, or anything else', () => {
    expect(parsed('2026-03-02T10:00', '2026-03-05')).toEqual([messages.salesInstant('from')]);
    expect(parsed('2026-02-30', '2026-03-05')).toEqual([messages.salesInstant('from')]);
    expect(parsed('2026-03-02', 'next week')).toEqual([messages.salesInstant('to')]);
    expect(salesQuerySchema.safeParse({ from: '2026-03-02' }).error?.issues.map((issue) => issue.message)).toEqual([
      messages.salesInstant('to'),
    ]);
    expect(salesQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-05', page: '1' }).success).toBe(false);
  });

  it('wants `to` after `from`, and at most 366 days after', () => {
    expect(parsed('2026-03-05', '2026-03-05')).toEqual([messages.salesPeriodOrder]);
    expect(parsed('2026-03-05T01:00:00+01:00', '2026-03-05')).toEqual([messages.salesPeriodOrder]);
    expect(parsed('2025-03-01', '2026-03-02')).toEqual(['2025-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z']);
    expect(parsed('2025-03-01', '2026-03-02T00:00:00.001Z')).toEqual([messages.salesPeriodTooLong]);
  });

  it('is asked for by a path the route parses back', () => {
    expect(salesPath('2026-03-02T00:30+01:00', '2026-03-05')).toBe('/admin/sales?from=2026-03-02T00%3A30%2B01%3A00&to=2026-03-05');
  });
});
