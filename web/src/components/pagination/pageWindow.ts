import { PAGINATION_WINDOW } from '@toolforge/contracts';

/** The numbered pages the bar shows: from PAGINATION_WINDOW before the current page to as many after (docs/architecture.md#9-the-products-rules). */
export function pageWindow(current: number, pageCount: number, reach: number = PAGINATION_WINDOW): number[] {
  if (pageCount <= 0) return [];
  const first = Math.max(0, current - reach);
  const last = Math.min(pageCount - 1, current + reach);
  const pages: number[] = [];
  for (let page = first; page <= last; page += 1) pages.push(page);
  return pages;
}
