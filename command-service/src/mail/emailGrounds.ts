import type { DocumentStates } from '../documents/documentStates.js';
import type { OrderStates } from '../orders/orderStates.js';
import type { PaymentStates } from '../payments/paymentStates.js';
import type { OrderEmailGrounds } from './decide.js';

/**
 * An order's e-mail grounds, read at the command's turn from the states the orders, documents and
 * payments features keep already: the mail feature keeps nothing of its own per order.
 */
export class EmailGrounds {
  constructor(
    private readonly orders: Pick<OrderStates, 'get'>,
    private readonly documents: Pick<DocumentStates, 'hasInvoice'>,
    private readonly payments: Pick<PaymentStates, 'get'>,
  ) {}

  get(orderId: string): OrderEmailGrounds | undefined {
    const order = this.orders.get(orderId);
    if (!order) return undefined;
    return {
      status: order.status,
      invoiced: this.documents.hasInvoice(orderId),
      refunded: (this.payments.get(orderId)?.refundedPaymentIds.length ?? 0) > 0,
    };
  }
}
