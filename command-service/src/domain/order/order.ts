import type { Cents, OrderEvent } from '@toolforge/contracts';

export interface OrderState {
  readonly orderId: string;
  readonly userId: string;
  readonly productId: string;
  readonly quantity: number;
  readonly shippingAddress: string;
  readonly totalCostCents: Cents;
}

export function evolveOrder(_state: OrderState | undefined, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, userId, productId, quantity, shippingAddress, totalCostCents } = event.data;
      return { orderId, userId, productId, quantity, shippingAddress, totalCostCents };
    }
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
