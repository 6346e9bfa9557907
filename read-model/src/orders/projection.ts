import { orderStatusAfter, type CustomerForgotten, type HeldLine, type OrderEvent } from '@toolforge/contracts';
import type { StoredEvent } from '@toolforge/platform';
import type { CatalogueWrite } from '../catalog/writes.js';
import { settledBy } from '../payments/paymentChange.js';
import type { OrderWrite } from './writes.js';

/**
 * sales.orders → orders and order_lines: a placed order is recorded with its lines, and each line
 * reserves its quantity of its product's stock; each later event moves it on (a payment saying how
 * it was paid, payments/), and a cancelled one gives every line's quantity back.
 */
export function projectOrderEvent(event: StoredEvent<OrderEvent>): (OrderWrite | CatalogueWrite)[] {
  const logPosition = { partition: event.position.partition, offset: event.position.offset };
  switch (event.type) {
    case 'OrderPlaced': {
      const { data } = event;
      const [first] = data.lines;
      if (!first) throw new Error('OrderPlaced has no line');
      return [
        {
          kind: 'insertOrder',
          order: {
            orderId: data.orderId,
            // The spec's fields: the first line's product, every line's quantity together.
            productId: first.productId,
            productName: first.productName,
            userId: data.userId,
            userName: data.userName,
            quantity: data.lines.reduce((sum, line) => sum + line.quantity, 0),
            totalCostCents: data.totalCostCents,
            shippingAddress: data.shippingAddress,
            status: data.status,
            payment: data.payment,
            placedAt: event.meta.occurredAt,
            lines: data.lines,
            logPosition,
          },
        },
        ...data.lines.map(({ productId, quantity }) => reservation(productId, quantity)),
      ];
    }
    case 'OrderPaid': {
      const { orderId, payment } = event.data;
      return [
        { kind: 'moveOrder', move: { orderId, status: orderStatusAfter(event), paid: true, payment: settledBy(payment), logPosition } },
      ];
    }
    case 'OrderShipped':
    case 'OrderDelivered':
      return [
        {
          kind: 'moveOrder',
          move: { orderId: event.data.orderId, status: orderStatusAfter(event), paid: false, logPosition },
        },
      ];
    case 'OrderCancelled': {
      const { orderId, lines } = event.data;
      return [{ kind: 'moveOrder', move: { orderId, status: orderStatusAfter(event), paid: false, logPosition } }, ...lines.map(givenBack)];
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** A placed line's hold on its product's stock. */
function reservation(productId: string, quantity: number): CatalogueWrite {
  return { kind: 'reserveStock', productId, quantity };
}

/**
 * A cancelled line's quantity, given back to its product's counter: one that is no count of items
 * would corrupt the counter for good, so the whole cancellation is refused.
 */
function givenBack({ productId, quantity }: HeldLine): CatalogueWrite {
  if (!Number.isSafeInteger(quantity) || quantity <= 0)
    throw new Error(`OrderCancelled gives back no whole quantity (${String(quantity)})`);
  return reservation(productId, -quantity);
}

/**
 * identity.users → orders: an erased customer's orders keep their figures, lines and statuses (the
 * audits reconcile them to the cent), and their name and address read as they do once the key is gone.
 */
export function projectForgottenCustomer(event: StoredEvent<CustomerForgotten>): OrderWrite[] {
  return [{ kind: 'forgetCustomerOrders', userId: event.data.uid }];
}
