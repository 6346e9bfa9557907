import type { StockChangeDto } from '@toolforge/contracts';
import { shortOrderId } from '../orders/shortOrderId';

/** The stock history's own texts. */

export const STOCK_HISTORY_HEADING = 'Stock history';
export const STOCK_HISTORY_CAPTION = 'Stock changes, newest first';
export const STOCK_HISTORY_LOADING = "Loading the product's stock history...";
export const NEWER_CHANGES = 'Newer';
export const OLDER_CHANGES = 'Older';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** When, in the reader's own time zone and language. */
export const changeTimeText = (change: StockChangeDto) => timeFormat.format(new Date(change.occurredAt));

/**
 * How the change moved the stock: the stock on hand with its sign ("+5 on hand", "-4 on hand"), what
 * orders reserve by what an order took or gave back ("3 reserved", "3 given back"); both when both
 * moved (a balance brought forward), the stock on hand when neither did (a product added with none).
 */
export function changeText({ onHandDelta, reservedDelta }: StockChangeDto): string {
  const parts: string[] = [];
  if (onHandDelta !== 0 || reservedDelta === 0) parts.push(`${onHandDelta > 0 ? '+' : ''}${onHandDelta} on hand`);
  if (reservedDelta > 0) parts.push(`${reservedDelta} reserved`);
  if (reservedDelta < 0) parts.push(`${-reservedDelta} given back`);
  return parts.join(', ');
}

/** The event's type as the log names it, and its order as the order lists name it; a balance brought forward is no event. */
export function eventText({ type, orderId }: StockChangeDto): string {
  const what = type === 'BroughtForward' ? 'Brought forward' : type;
  return orderId === null ? what : `${what}, order ${shortOrderId(orderId)}`;
}
