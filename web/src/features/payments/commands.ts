import type { PayOrderResponse } from '@toolforge/contracts';
import { command } from '../../api/command';

/** Paying an order again from My Orders: the command service opens a new page on the provider's site for it. */
export const paymentCommands = {
  // An empty object rather than no body: the route reads the order from its path alone, and takes `{}` as it takes nothing.
  payOrder: command<[orderId: string], PayOrderResponse>((orderId) => ({
    method: 'POST',
    path: `/orders/${encodeURIComponent(orderId)}/pay`,
    body: {},
  })),
};
