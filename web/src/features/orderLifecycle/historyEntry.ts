import { EXPIRED_REASON, type OrderHistoryEntry } from '@toolforge/contracts';
import { formatPrice } from '../catalog/price';

const WHAT: Record<OrderHistoryEntry['type'], string> = {
  OrderPlaced: 'Placed',
  OrderPaid: 'Paid',
  OrderShipped: 'Shipped',
  OrderDelivered: 'Delivered',
  OrderCancelled: 'Cancelled',
};

const BY: Record<OrderHistoryEntry['by'], string> = {
  customer: 'the customer',
  admin: 'an admin',
  shop: 'the shop',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** When, in the reader's own time zone and language. */
export const occurredText = (entry: OrderHistoryEntry) => timeFormat.format(new Date(entry.occurredAt));
export const whatText = (entry: OrderHistoryEntry) => WHAT[entry.type];
export const byText = (entry: OrderHistoryEntry) => `by ${BY[entry.by]}`;

// A detail is read only when it has the expected type: what an event recorded may change over time.
function text(entry: OrderHistoryEntry, field: string): string | undefined {
  const value = entry.details[field];
  return typeof value === 'string' ? value : undefined;
}
function amount(entry: OrderHistoryEntry, field: string): number | undefined {
  const value = entry.details[field];
  return typeof value === 'number' ? value : undefined;
}

/** What the event changed, in a line or two: the order as placed, or a cancellation's reason and the stock it gave back. */
export function detailLines(entry: OrderHistoryEntry): string[] {
  switch (entry.type) {
    case 'OrderPlaced': {
      // The lines as the history words them ("10 × F-Clamp at 10.90; 2 × Bench Vise at 89.50").
      const lines = text(entry, 'lines');
      const totalCost = amount(entry, 'totalCost');
      const address = text(entry, 'shippingAddress');
      return [
        [lines, totalCost === undefined ? null : `for ${formatPrice(totalCost)}`].filter(Boolean).join(' '),
        address ? `Ship to: ${address}` : '',
      ].filter(Boolean);
    }
    case 'OrderPaid':
      return ['Payment received'];
    case 'OrderCancelled': {
      const reason = text(entry, 'reason') ?? '';
      const returned = amount(entry, 'returnedStock');
      const why = entry.by === 'shop' && reason === EXPIRED_REASON ? 'Not paid in time' : reason ? `Reason: ${reason}` : 'No reason given';
      return [why, returned === undefined ? '' : `${returned} returned to stock`].filter(Boolean);
    }
    case 'OrderShipped':
    case 'OrderDelivered':
      return [];
    default: {
      const unknown: never = entry.type;
      return [String(unknown)];
    }
  }
}
