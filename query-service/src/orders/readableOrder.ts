import { messages } from '@toolforge/contracts';
import { HttpError, type ApiCaller } from '@toolforge/platform/http';
import type { OrderReader } from '@toolforge/read-model';

/** An order's reads (its history, its documents) are its customer's or an admin's. */
export interface OrderReadAccess {
  store: Pick<OrderReader, 'orderInLog'>;
  isAdmin: (caller: ApiCaller) => Promise<boolean>;
}

/**
 * The order `caller` may read, and whether they read it as an admin: 404 for an order the read
 * model does not hold, 403 for anyone but its customer or an admin.
 */
export async function readableOrder({ store, isAdmin }: OrderReadAccess, orderId: string, caller: ApiCaller) {
  const order = await store.orderInLog(orderId);
  if (!order) throw new HttpError(404, messages.orderNotFound);
  const admin = await isAdmin(caller);
  if (order.userId !== caller.uid && !admin) throw new HttpError(403, messages.forbiddenOtherOrder);
  return { order, admin };
}
