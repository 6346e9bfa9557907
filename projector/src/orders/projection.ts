import type { OrderEvent } from '@toolforge/contracts';
import type { CatalogueWrite } from '../catalog/writes.js';
import type { OrderWrite } from './writes.js';
import type { StoredEvent } from '@toolforge/platform';

/** sales.orders → orders: a placed order is recorded and reserves its quantity of the product's stock. */
export function projectOrderEvent(event: StoredEvent<OrderEvent>): (OrderWrite | CatalogueWrite)[] {
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
            logPosition: { partition: event.position.partition, offset: event.position.offset },
          },
        },
        { kind: 'reserveStock', productId: data.productId, quantity: data.quantity },
      ];
    }
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
