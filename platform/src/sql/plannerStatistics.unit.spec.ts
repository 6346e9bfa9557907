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

  it('counts on from what the read model holds when it starts: due once that has doubled, or at the first count', () => {
    const opened = new StatisticsSchedule(100);
    expect(opened.started).toBe(false);
    opened.startFrom(1000);
    expect(opened.started).toBe(true);
    expect(opened.count(999)).toBe(false);
    expect(opened.count(1)).toBe(true);
    expect(opened.count(1999)).toBe(false);
    expect(opened.count(1)).toBe(true);

    const small = new StatisticsSchedule(100);
    small.startFrom(30);
    expect(small.count(69)).toBe(false);
    expect(small.count(1)).toBe(true);

    const empty = new StatisticsSchedule(100);
    empty.startFrom(0);
    expect(empty.count(99)).toBe(false);
    expect(empty.count(1)).toBe(true);
  });
});
