import type { HeldLine, OrderCancelled, OrderPlaced, ProductAdded, StockAdjusted } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { StockChangeRow, StockHistoryWrite } from './writes.js';

/** The events that move a product's stock on hand or what orders reserve of it, as the catalogue's counters count them. */
export type StockMovingEvent = ProductAdded | StockAdjusted | OrderPlaced | OrderCancelled;

/**
 * catalog.products and sales.orders → product_stock_changes: each event that moves the catalogue's
 * counters (catalog/writes.ts) is a change of each product it moves, by the same amounts: an added
 * product's stock, a restock or write-off, an order's lines reserved, a cancelled order's given back.
 * Nothing else moves them: a payment, a shipment or a delivery keeps the order's reservation, as the
 * catalogue does, so that a history's last figures are the product's.
 */
export function projectStockChange(event: StoredEvent<StockMovingEvent>): StockHistoryWrite[] {
  switch (event.type) {
    case 'ProductAdded':
      return [changeOf(event, event.data.productId, { onHand: event.data.stock, reserved: 0 })];
    case 'StockAdjusted':
      return [changeOf(event, event.data.productId, { onHand: event.data.delta, reserved: 0 })];
    case 'OrderPlaced':
      return linesOf(event, event.data.lines, 1);
    case 'OrderCancelled':
      return linesOf(event, event.data.lines, -1);
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * An order's change of each product it holds: its lines' quantities (a product named by two lines
 * once, summed: the product's history has one change per event), reserved or given back.
 */
function linesOf(event: StoredEvent<OrderPlaced | OrderCancelled>, lines: readonly HeldLine[], sign: 1 | -1): StockHistoryWrite[] {
  const reserved = new Map<string, number>();
  for (const { productId, quantity } of lines) reserved.set(productId, (reserved.get(productId) ?? 0) + wholeAmount(event, quantity));
  return [...reserved].map(([productId, quantity]) => changeOf(event, productId, { onHand: 0, reserved: sign * quantity }));
}

function changeOf(event: StoredEvent<StockMovingEvent>, productId: string, moved: { onHand: number; reserved: number }): StockHistoryWrite {
  const change: StockChangeRow = {
    productId,
    occurredAt: event.meta.occurredAt,
    eventId: event.meta.eventId,
    position: event.position,
    eventType: event.type,
    orderId: event.type === 'OrderPlaced' || event.type === 'OrderCancelled' ? event.data.orderId : null,
    onHandDelta: wholeAmount(event, moved.onHand),
    reservedDelta: moved.reserved,
  };
  return { kind: 'recordStockChange', change };
}

/** An amount the figures after it are summed from: one that is no whole number would make every later figure wrong, so the event is refused (to the dead letters). */
function wholeAmount(event: StoredEvent, amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new Error(`${String(event.type)} moves the stock by no whole number (${String(amount)})`);
  return amount;
}
