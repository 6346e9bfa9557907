import { TOPICS, fromCents, messages, roundToCents, type PlaceOrderCommand } from '@toolforge/contracts';
import type { ProductStates } from '../catalog/catalogue.js';
import type { ProductFact, ProductState } from '../catalog/product.js';
import { AwaitingCommit, aggregateOf, type Aggregate, type CommandHandler } from '../shared/commandHandler.js';
import { CommandRejected } from '../shared/decider.js';
import { orderDecider, type PlaceOrder } from './decide.js';
import { orderFingerprint, type OrderReceipts } from './receipts.js';

export interface OrdersDeps {
  handler: CommandHandler;
  /** The products orders reserve stock of. */
  products: ProductStates;
  receipts: OrderReceipts;
  /** The name the shop knows a customer by, from their sign-in. */
  customerName: (uid: string) => string;
}

export interface PlacedOrder {
  position: string;
  orderId: string;
  totalCost: number;
  /** Whether this answers an earlier order with the same Idempotency-Key again. */
  replayed: boolean;
}

/** Customers place orders; each reserves stock of its product. */
export class Orders {
  private readonly orders: Aggregate<PlaceOrder, ProductState | undefined, ProductFact>;

  constructor(private readonly deps: OrdersDeps) {
    // A new stream per order; it is decided on the product it reserves.
    this.orders = aggregateOf(
      orderDecider,
      TOPICS.orders,
      (command) => command.data.orderId,
      deps.products,
      (command) => command.data.productId,
    );
  }

  /**
   * Places an order for `actor`. With an Idempotency-Key, a retry of the same order answers the
   * first acknowledgement again and appends nothing; a different order under that key is refused.
   */
  placeOrder(actor: string, order: PlaceOrderCommand, idempotencyKey?: string): Promise<PlacedOrder> {
    const { handler, receipts, customerName } = this.deps;
    return handler.run(async (decide) => {
      const clientTotalCents = roundToCents(order.totalCost);
      // The schema has already refused any total toCents cannot read.
      if (clientTotalCents === null) throw new Error(`unreadable total ${order.totalCost}`);
      const fingerprint = orderFingerprint({ ...order, quantity: order.orderQuantity, totalCostCents: clientTotalCents });

      const receipt = idempotencyKey ? receipts.of(actor, idempotencyKey) : undefined;
      if (receipt) {
        if (receipt.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
        const { orderId, position, totalCostCents } = receipt;
        // The first order is still on its way to the log: answered once it is there.
        if (position === undefined) throw new AwaitingCommit();
        return { orderId, position, totalCost: fromCents(totalCostCents), replayed: true };
      }

      const orderId = handler.newId();
      const command: PlaceOrder = {
        type: 'PlaceOrder',
        data: {
          orderId,
          productId: order.productId,
          userId: actor,
          // The name the shop knows the customer by, never the body's: an order cannot claim another name.
          userName: customerName(actor),
          quantity: order.orderQuantity,
          shippingAddress: order.shippingAddress,
          clientTotalCents,
        },
      };
      const { position } = await decide(this.orders, command, { actor, commandId: idempotencyKey });
      return { position, orderId, totalCost: fromCents(clientTotalCents), replayed: false };
    });
  }
}

/** The same Idempotency-Key came with a different order (422). */
export class IdempotencyKeyReused extends CommandRejected {
  constructor() {
    super('unprocessable', messages.idempotencyKeyReused);
    this.name = 'IdempotencyKeyReused';
  }
}
