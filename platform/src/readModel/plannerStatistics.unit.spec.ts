import { describe, expect, it } from 'vitest';
import { StatisticsSchedule } from './plannerStatistics.js';

describe('StatisticsSchedule', () => {
  it('is due once the first count is reached, then each time the count doubles', () => {
    const schedule = new StatisticsSchedule(100);
    expect(schedule.count(99)).toBe(false);
    expect(schedule.count(1)).toBe(true);
    expect(schedule.count(99)).toBe(false);
    expect(schedule.count(1)).toBe(true);
    expect(schedule.count(199)).toBe(false);
    expect(schedule.count(1)).toBe(true);
  });

  it('counts from where a large batch went past the mark, not from the mark', () => {
    const schedule = new StatisticsSchedule(100);
    expect(schedule.count(1000)).toBe(true);
    expect(schedule.count(999)).toBe(false);
    expect(schedule.count(1)).toBe(true);
  });
});
