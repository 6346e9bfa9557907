import type { ChartConfiguration } from 'chart.js';
import type { SalesReport } from '@toolforge/contracts';
import { dollars } from '../catalog/price';
import { STATUS_NAMES, categoryText, dayText } from './salesTexts';

/**
 * The report's charts, as Chart.js configurations: the figures stay in integer cents and only their
 * labels are money. Colours are the shop's palette (styles/base.css), which Chart.js cannot read.
 */
const ORANGE = '#a9550a';
const BLUE = '#1d5fa8';
const GREEN = '#1f7a4d';
const SLATE = '#5b6b7d';
const RED = '#b42318';

const moneyAxis = { beginAtZero: true, ticks: { callback: (value: number | string) => dollars(Number(value)) } };
const moneyTooltip = {
  callbacks: {
    label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) => `${item.dataset.label}: ${dollars(item.parsed.y ?? 0)}`,
  },
};

/** Revenue per day: what the day's orders came to, and what was paid for them. */
export function dailyChart(report: SalesReport): ChartConfiguration<'line'> {
  return {
    type: 'line',
    data: {
      labels: report.byDay.map((day) => dayText(day.day)),
      datasets: [
        { label: 'Ordered', data: report.byDay.map((day) => day.revenueCents), borderColor: ORANGE, backgroundColor: ORANGE },
        { label: 'Paid', data: report.byDay.map((day) => day.paidCents), borderColor: BLUE, backgroundColor: BLUE },
      ],
    },
    options: { maintainAspectRatio: false, scales: { y: moneyAxis }, plugins: { tooltip: moneyTooltip } },
  };
}

const STATUS_COLOURS = { pending: SLATE, paid: BLUE, shipped: ORANGE, delivered: GREEN, cancelled: RED } as const;

/** The period's orders by the status they are in now. */
export function statusChart(report: SalesReport): ChartConfiguration<'doughnut'> {
  return {
    type: 'doughnut',
    data: {
      labels: report.byStatus.map((row) => STATUS_NAMES[row.status]),
      datasets: [
        {
          label: 'Orders',
          data: report.byStatus.map((row) => row.orders),
          backgroundColor: report.byStatus.map((row) => STATUS_COLOURS[row.status]),
        },
      ],
    },
    options: { maintainAspectRatio: false },
  };
}

/** Revenue by the products' categories. */
export function categoryChart(report: SalesReport): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: report.byCategory.map((row) => categoryText(row.category)),
      datasets: [{ label: 'Revenue', data: report.byCategory.map((row) => row.revenueCents), backgroundColor: ORANGE }],
    },
    options: { maintainAspectRatio: false, scales: { y: moneyAxis }, plugins: { legend: { display: false }, tooltip: moneyTooltip } },
  };
}
