import {
  TOPICS,
  fromCents,
  messages,
  roundToCents,
  type OrderStatus,
  type PlaceOrderCommand,
  type SettableOrderStatus,
} from '@toolforge/contracts';
import type { ProductStates } from '../catalog/catalogue.js';
import type { ProductFact, ProductState } from '../catalog/product.js';
import { AwaitingCommit, aggregateOf, type Aggregate, type CommandHandler, type Decide } from '../shared/commandHandler.js';
import { CommandRejected } from '../shared/decider.js';
import { orderDecider, type PlaceOrder } from './decide.js';
import { orderLifecycleDecider, type OrderLifecycleCommand, type OrderLifecycleEvent } from './lifecycle.js';
import type { OrderState } from './order.js';
import type { OrderStates } from './orderStates.js';
import { moveFingerprint, orderFingerprint, type OrderReceipts, type ReceiptAnswer } from './receipts.js';

export interface OrdersDeps {
  handler: CommandHandler;
  /** The products orders reserve stock of. */
  products: ProductStates;
  /** The orders placed so far, which admins and customers move on. */
  orders: OrderStates;
  receipts: OrderReceipts;
  /** The name the shop knows a customer by, from their sign-in. */
  customerName: (uid: string) => string;
  /** Whether the log says `uid` is an admin now. */
  isAdmin: (uid: string) => boolean;
  /** Whether `uid` has proved it owns its e-mail address, as of its last sign-in. */
  isVerified: (uid: string) => boolean;
}

export interface PlacedOrder {
  position: string;
  orderId: string;
  totalCost: number;
  /** Whether this answers an earlier order with the same Idempotency-Key again. */
  replayed: boolean;
}

export interface MovedOrder {
  position: string;
  /** The status the order is in now. */
  status: OrderStatus;
  /** Whether this answers an earlier command with the same Idempotency-Key again. */
  replayed: boolean;
}

/** Customers place orders, each reserving stock of its product; admins move them on; either cancels. */
export class Orders {
  private readonly placing: Aggregate<PlaceOrder, ProductState | undefined, ProductFact>;
  private readonly lifecycle: Aggregate<OrderLifecycleCommand, OrderState | undefined, OrderLifecycleEvent>;

  constructor(private readonly deps: OrdersDeps) {
    // A new stream per order; it is decided on the product it reserves.
    this.placing = aggregateOf(
      orderDecider,
      TOPICS.orders,
      (command) => command.data.orderId,
      deps.products,
      (command) => command.data.productId,
    );
    // Afterwards an order is decided on its own stream.
    this.lifecycle = aggregateOf(orderLifecycleDecider, TOPICS.orders, (command) => command.data.orderId, deps.orders);
  }

  /**
   * Places an order for `actor`. With an Idempotency-Key, a retry of the same order answers the
   * first acknowledgement again and appends nothing; a different command under that key is refused.
   */
  placeOrder(actor: string, order: PlaceOrderCommand, idempotencyKey?: string): Promise<PlacedOrder> {
    const clientTotalCents = roundToCents(order.totalCost);
    // The schema has already refused any total toCents cannot read.
    if (clientTotalCents === null) throw new Error(`unreadable total ${order.totalCost}`);
    const fingerprint = orderFingerprint({ ...order, quantity: order.orderQuantity, totalCostCents: clientTotalCents });
    return this.once<'placed', PlacedOrder>(
      { actor, idempotencyKey, kind: 'placed', fingerprint },
      {
        replay: ({ totalCostCents }, { orderId, position }) => ({
          orderId,
          position,
          totalCost: fromCents(totalCostCents),
          replayed: true,
        }),
        decide: async (decide) => {
          const orderId = this.deps.handler.newId();
          const customerVerified = this.deps.isVerified(actor);
          const command: PlaceOrder = {
            type: 'PlaceOrder',
            data: {
              orderId,
              productId: order.productId,
              userId: actor,
              // The name the shop knows the customer by, never the body's: an order cannot claim another name.
              userName: this.deps.customerName(actor),
              quantity: order.orderQuantity,
              shippingAddress: order.shippingAddress,
              clientTotalCents,
              customerVerified,
              // Counted only where it bounds the order: for a verified customer it would be a walk of every hold for nothing.
              unverifiedHeld: customerVerified ? 0 : this.unverifiedHeld(order.productId),
            },
          };
          const { position } = await decide(this.placing, command, { actor, commandId: idempotencyKey });
          return { position, orderId, totalCost: fromCents(clientTotalCents), replayed: false };
        },
      },
    );
  }

  /** What unverified accounts' unpaid open orders hold of the product, read at the command's turn. */
  private unverifiedHeld(productId: string): number {
    let held = 0;
    for (const [uid, quantity] of this.deps.products.get(productId)?.holds.customers() ?? [])
      if (!this.deps.isVerified(uid)) held += quantity;
    return held;
  }

  /** An admin moves an order on (paid, shipped, delivered) or cancels it (without a reason). */
  moveOrder(actor: string, orderId: string, status: SettableOrderStatus, idempotencyKey?: string): Promise<MovedOrder> {
    if (status === 'cancelled') return this.cancelOrder(actor, orderId, '', idempotencyKey);
    return this.decideMove({ actor, idempotencyKey, orderId, status }, () => ({ type: 'MarkOrder', data: { orderId, status } }));
  }

  /**
   * The customer who placed it (while it is pending) or an admin (while it is pending or paid)
   * cancels an order; its quantity goes back to the product's stock.
   */
  cancelOrder(actor: string, orderId: string, reason: string, idempotencyKey?: string): Promise<MovedOrder> {
    // The caller's role is read at the command's turn, as the log has it then.
    return this.decideMove({ actor, idempotencyKey, orderId, status: 'cancelled', reason }, () => ({
      type: 'CancelOrder',
      data: { orderId, caller: actor, callerIsAdmin: this.deps.isAdmin(actor), reason },
    }));
  }

  /** The shop cancels an unpaid pending order whose reservation ran out (`now` and `ttlMs` in ms). */
  async expireOrder(orderId: string, now: number, ttlMs: number): Promise<{ position: string }> {
    const { position } = await this.deps.handler.handle(
      this.lifecycle,
      { type: 'ExpireOrder', data: { orderId, now, ttlMs } },
      // The shop itself, not a caller.
      { actor: null },
    );
    return { position };
  }

  /** `commandAtTurn` is what the caller asked for, made at the command's turn. */
  private decideMove(
    move: { actor: string; idempotencyKey: string | undefined; orderId: string; status: OrderStatus; reason?: string },
    commandAtTurn: () => OrderLifecycleCommand,
  ): Promise<MovedOrder> {
    const { actor, idempotencyKey, status } = move;
    return this.once<'moved', MovedOrder>(
      { actor, idempotencyKey, kind: 'moved', fingerprint: moveFingerprint(move) },
      {
        replay: ({ status: now }, { position }) => ({ position, status: now, replayed: true }),
        decide: async (decide) => {
          const { position } = await decide(this.lifecycle, commandAtTurn(), { actor, commandId: idempotencyKey });
          return { position, status, replayed: false };
        },
      },
    );
  }

  /**
   * Runs a command at its turn, once per Idempotency-Key: a retry of the same command answers what
   * the first one did and appends nothing (once the first is in the log); a different command under
   * the same key is refused.
   */
  private once<Kind extends ReceiptAnswer['kind'], Answer>(
    request: { actor: string; idempotencyKey: string | undefined; kind: Kind; fingerprint: string },
    then: {
      replay: (answer: Extract<ReceiptAnswer, { kind: Kind }>, receipt: { orderId: string; position: string }) => Answer;
      decide: (decide: Decide) => Promise<Answer>;
    },
  ): Promise<Answer> {
    const { actor, idempotencyKey, kind, fingerprint } = request;
    return this.deps.handler.run(async (decide) => {
      const receipt = idempotencyKey === undefined ? undefined : this.deps.receipts.of(actor, idempotencyKey);
      if (!receipt) return then.decide(decide);
      const { answer } = receipt;
      if (!receipt.answers(fingerprint) || !isOfKind(answer, kind)) throw new IdempotencyKeyReused();
      // The first command is still on its way to the log: answered once it is there.
      if (receipt.position === undefined) throw new AwaitingCommit();
      return then.replay(answer, { orderId: receipt.orderId, position: receipt.position });
    });
  }
}

function isOfKind<Kind extends ReceiptAnswer['kind']>(answer: ReceiptAnswer, kind: Kind): answer is Extract<ReceiptAnswer, { kind: Kind }> {
  return answer.kind === kind;
}

/** The same Idempotency-Key came with a different command (422). */
export class IdempotencyKeyReused extends CommandRejected {
  constructor() {
    super('unprocessable', messages.idempotencyKeyReused);
    this.name = 'IdempotencyKeyReused';
  }
}
