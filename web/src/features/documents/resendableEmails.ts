import { ORDER_EMAILS, type OrderDto, type OrderEmail } from '@toolforge/contracts';

/**
 * Whether the order had the fact each e-mail tells, as far as its row says: the command service
 * refuses (409) an e-mail the order never had (docs/documents.md), so the dialog offers only these.
 * Placed always; paid once it has an invoice (an order paid before the shop issued invoices had no
 * paid e-mail); shipped and delivered by its status (a cancelled order was never shipped: only a
 * pending or paid one is cancelled); refunded once money went back (a late payment's refund too).
 */
const HAD: Readonly<Record<OrderEmail, (order: OrderDto) => boolean>> = {
  placed: () => true,
  paid: (order) => order.invoiceNumber !== null,
  shipped: (order) => order.status === 'shipped' || order.status === 'delivered',
  delivered: (order) => order.status === 'delivered',
  cancelled: (order) => order.status === 'cancelled',
  refunded: (order) => order.refunded > 0,
};

/** The e-mails an admin may send again for this order, in the order the order has them. */
export function resendableEmails(order: OrderDto): OrderEmail[] {
  return ORDER_EMAILS.filter((email) => HAD[email](order));
}
