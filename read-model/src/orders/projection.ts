import { orderStatusAfter, type OrderEvent } from '@toolforge/contracts';
import type { CatalogueWrite } from '../catalog/writes.js';
import type { OrderWrite } from './writes.js';
import type { StoredEvent } from '@toolforge/platform';

/**
 * sales.orders → orders: a placed order is recorded and reserves its quantity of the product's
 * stock; each later event moves it on, and a cancelled one gives its quantity back.
 */
export function projectOrderEvent(event: StoredEvent<OrderEvent>): (OrderWrite | CatalogueWrite)[] {
  const logPosition = { partition: event.position.partition, offset: event.position.offset };
  switch (event.type) {
    case 'OrderPlaced': {
      const { data } = event;
      return [
        {
          kind: 'insertOrder',
          order: {
            orderId: data.orderId,
            productId: data.productId,
            productName: data.productName,
            userId: data.userId,
            userName: data.userName,
            quantity: data.quantity,
            unitPriceCents: data.unitPriceCents,
            totalCostCents: data.totalCostCents,
            shippingAddress: data.shippingAddress,
            status: data.status,
            payment: data.payment,
            placedAt: event.meta.occurredAt,
            logPosition,
          },
        },
        { kind: 'reserveStock', productId: data.productId, quantity: data.quantity },
      ];
    }
    case 'OrderPaid':
    case 'OrderShipped':
    case 'OrderDelivered':
      return [
        {
          kind: 'moveOrder',
          move: { orderId: event.data.orderId, status: orderStatusAfter(event), paid: event.type === 'OrderPaid', logPosition },
        },
      ];
    case 'OrderCancelled': {
      const { orderId, productId, quantity } = event.data;
      // The quantity is given back to a counter: one that is no count of items would corrupt it for good.
      if (!Number.isSafeInteger(quantity) || quantity <= 0)
        throw new Error(`OrderCancelled gives back no whole quantity (${String(quantity)})`);
      return [
        { kind: 'moveOrder', move: { orderId, status: orderStatusAfter(event), paid: false, logPosition } },
        { kind: 'reserveStock', productId, quantity: -quantity },
      ];
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
