/**
 * The sales dashboard's period: whole days in UTC, as the report counts them, from the first day to
 * the last, both included. The page's address holds it (`?from=2026-11-01&to=2026-11-30`), so a link
 * shows the same days to whoever opens it; the report is asked for the orders placed from the first
 * day's midnight to the midnight after the last (its `to` is the first moment left out).
 */
export interface SalesPeriod {
  /** YYYY-MM-DD, the first day. */
  from: string;
  /** YYYY-MM-DD, the last day. */
  to: string;
}

export const PERIOD_PRESETS = [
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'this-year', label: 'This year' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['id'];

/** What the dashboard shows until the admin picks a period. */
export const DEFAULT_PRESET: PeriodPreset = 'last-30-days';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a moment, YYYY-MM-DD. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const utcDay = (year: number, month: number, day: number) => dayOf(new Date(Date.UTC(year, month, day)));

/** The day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return dayOf(at);
}

/** The preset's days as they stand on `now` (today, in UTC, being the last day of the rolling ones). */
export function presetPeriod(preset: PeriodPreset, now: Date): SalesPeriod {
  const today = dayOf(now);
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  switch (preset) {
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: utcDay(year, month, 1), to: today };
    case 'last-month':
      // Day 0 of this month is the last day of the one before.
      return { from: utcDay(year, month - 1, 1), to: utcDay(year, month, 0) };
    case 'this-year':
      return { from: utcDay(year, 0, 1), to: today };
  }
}

/** The preset whose days `period` are on `now`, or undefined for days of the admin's own choosing. */
export function presetOf(period: SalesPeriod, now: Date): PeriodPreset | undefined {
  return PERIOD_PRESETS.map(({ id }) => id).find((id) => {
    const days = presetPeriod(id, now);
    return days.from === period.from && days.to === period.to;
  });
}

/** The period an address names, or undefined when it names none (or not as days). */
export function periodOfSearch(search: URLSearchParams): SalesPeriod | undefined {
  const from = search.get('from');
  const to = search.get('to');
  return from && to && DAY.test(from) && DAY.test(to) ? { from, to } : undefined;
}

/** The report's query for the period: from the first day's midnight (UTC) to the one after the last day. */
export const reportWindow = ({ from, to }: SalesPeriod) => ({ from, to: addDays(to, 1) });
