import { mailMessages, messages, type OrderEmail, type OrderEmailResendRequested, type OrderStatus } from '@toolforge/contracts';
import { CommandRejected, type Decided } from '../shared/decider.js';

/** What an order's history says of the e-mails it has had cause for (docs/documents.md). */
export interface OrderEmailGrounds {
  readonly status: OrderStatus;
  /** It was invoiced: its "paid" e-mail, the invoice attached. */
  readonly invoiced: boolean;
  /** Money of it was sent back (OrderRefunded): its "refunded" e-mail. */
  readonly refunded: boolean;
}

/** An admin asks for one of the order's e-mails to be sent again. */
export interface ResendOrderEmail {
  readonly orderId: string;
  readonly email: OrderEmail;
}

/**
 * Whether the order ever had the fact that e-mail is about: placed, always; paid, an invoice;
 * shipped, once shipped (a shipped order is never cancelled: docs/architecture.md#9-the-products-rules);
 * delivered, once delivered; cancelled, once cancelled; refunded, a refund.
 */
function hadCause(email: OrderEmail, order: OrderEmailGrounds): boolean {
  switch (email) {
    case 'placed':
      return true;
    case 'paid':
      return order.invoiced;
    case 'shipped':
      return order.status === 'shipped' || order.status === 'delivered';
    case 'delivered':
      return order.status === 'delivered';
    case 'cancelled':
      return order.status === 'cancelled';
    case 'refunded':
      return order.refunded;
    default: {
      const unknown: never = email;
      return unknown;
    }
  }
}

/**
 * The resend of an order's e-mail, decided on what the order had: an unknown order is not found
 * (404), an e-mail the order never had cause for is refused (409: a "shipped" e-mail for a pending
 * order would tell the customer something untrue). The outbox sends it as a new message.
 */
export function decideResend(command: ResendOrderEmail, order: OrderEmailGrounds | undefined): Decided<OrderEmailResendRequested>[] {
  if (!order) throw new CommandRejected('not-found', messages.orderNotFound);
  if (!hadCause(command.email, order)) throw new CommandRejected('conflict', mailMessages.emailNeverSent);
  return [{ type: 'OrderEmailResendRequested', data: { orderId: command.orderId, email: command.email } }];
}
