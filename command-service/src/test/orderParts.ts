import { productStates } from '../catalog/catalogue.js';
import { orderStates } from '../orders/orderStates.js';
import { Orders } from '../orders/orders.js';
import { OrderReceipts } from '../orders/receipts.js';
import type { CommandHandler } from '../shared/commandHandler.js';

/** The write model's parts orders are decided on: orders, the products they reserve, their receipts. */
export function orderParts() {
  const orders = orderStates();
  const products = productStates(orders);
  const receipts = new OrderReceipts();
  return { orders, products, receipts, parts: [orders, products, receipts] };
}

/** The Orders use case on those parts; `admins` are the uids that are admins. */
export function ordersOn(
  handler: CommandHandler,
  { orders, products, receipts }: ReturnType<typeof orderParts>,
  { customerName = (uid: string) => `Customer ${uid}`, admins = [] as readonly string[], unverified = [] as readonly string[] } = {},
): Orders {
  return new Orders({
    handler,
    products,
    orders,
    receipts,
    customerName,
    isAdmin: (uid) => admins.includes(uid),
    isVerified: (uid) => !unverified.includes(uid),
  });
}
