import {
  TOPICS,
  fromCents,
  messages,
  roundToCents,
  type OrderStatus,
  type PlaceOrderCommand,
  type OrderStatusCommand,
} from '@toolforge/contracts';
import type { ProductStates } from '../catalog/catalogue.js';
import { appendedAt, streamOf, type CommandHandler, type Stream } from '../shared/commandHandler.js';
import { CommandRejected } from '../shared/decider.js';
import { orderDecider, type PlaceOrder } from './decide.js';
import { orderLifecycleDecider, type OrderLifecycleCommand } from './lifecycle.js';
import { unverifiedHeld } from './orderLines.js';
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

/** A receipt of an order command that answers this very command again: the same command of the same kind. */
interface AnsweringReceipt<Kind extends ReceiptAnswer['kind']> {
  readonly orderId: string;
  readonly position: string | undefined;
  readonly answer: Extract<ReceiptAnswer, { kind: Kind }>;
}

/** Customers place orders, each line reserving stock of its product; admins move them on; either cancels. */
export class Orders {
  constructor(private readonly deps: OrdersDeps) {}

  /**
   * Places an order for `actor`. With an Idempotency-Key, a retry of the same order answers the
   * first acknowledgement again and appends nothing; a different command under that key is refused.
   */
  async placeOrder(actor: string, order: PlaceOrderCommand, idempotencyKey?: string): Promise<PlacedOrder> {
    const clientTotalCents = roundToCents(order.totalCost);
    // The schema has already refused any total toCents cannot read.
    if (clientTotalCents === null) throw new Error(`unreadable total ${order.totalCost}`);
    const fingerprint = orderFingerprint({ ...order, quantity: order.orderQuantity, totalCostCents: clientTotalCents });
    const { handler, products } = this.deps;
    const placed = await handler.handle(
      // A new stream per order, its id taken at the command's turn; it is decided on the product it reserves.
      () => streamOf(TOPICS.orders, handler.newId(), products, order.productId),
      (product, orderId) => {
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
            unverifiedHeld: customerVerified ? 0 : unverifiedHeld(this.deps.products.get(order.productId), this.deps.isVerified),
          },
        };
        return orderDecider.decide(command, product);
      },
      { actor, commandId: idempotencyKey, answeredBefore: () => this.receiptOf(actor, idempotencyKey, 'placed', fingerprint) },
    );
    if ('receipt' in placed) {
      const { receipt, position } = placed;
      return { orderId: receipt.orderId, position, totalCost: fromCents(receipt.answer.totalCostCents), replayed: true };
    }
    return { position: appendedAt(placed), orderId: placed.streamId, totalCost: fromCents(clientTotalCents), replayed: false };
  }

  /**
   * An admin moves an order on (shipped, delivered; paid offline, naming the payment's `reference`)
   * or cancels it (without a reason).
   */
  moveOrder(actor: string, orderId: string, move: OrderStatusCommand, idempotencyKey?: string): Promise<MovedOrder> {
    const { status, reference } = move;
    if (status === 'cancelled') return this.cancelOrder(actor, orderId, '', idempotencyKey);
    return this.decideMove({ actor, idempotencyKey, orderId, status, reference }, () => ({
      type: 'MarkOrder',
      data: { orderId, status, reference },
    }));
  }

  /**
   * The customer who placed it (while it is pending) or an admin (while it is pending or paid)
   * cancels an order; every line's quantity goes back to its product's stock.
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
    const expired = await this.deps.handler.handle(
      this.stream(orderId),
      (state) => orderLifecycleDecider.decide({ type: 'ExpireOrder', data: { orderId, now, ttlMs } }, state),
      // The shop itself, not a caller.
      { actor: null },
    );
    return { position: appendedAt(expired) };
  }

  /** `commandAtTurn` is what the caller asked for, made at the command's turn. */
  private async decideMove(
    move: { actor: string; idempotencyKey: string | undefined; orderId: string; status: OrderStatus; reason?: string; reference?: string },
    commandAtTurn: () => OrderLifecycleCommand,
  ): Promise<MovedOrder> {
    const { actor, idempotencyKey, status } = move;
    const fingerprint = moveFingerprint(move);
    const moved = await this.deps.handler.handle(
      this.stream(move.orderId),
      (state) => orderLifecycleDecider.decide(commandAtTurn(), state),
      { actor, commandId: idempotencyKey, answeredBefore: () => this.receiptOf(actor, idempotencyKey, 'moved', fingerprint) },
    );
    if ('receipt' in moved) return { position: moved.position, status: moved.receipt.answer.status, replayed: true };
    return { position: appendedAt(moved), status, replayed: false };
  }

  /** After it is placed, an order is decided on its own stream. */
  private stream(orderId: string): Stream<OrderState | undefined> {
    return streamOf(TOPICS.orders, orderId, this.deps.orders);
  }

  /**
   * The receipt of the command under this caller's Idempotency-Key, read at the command's turn: a
   * retry of the same command is answered with it (once the first is in the log) and appends
   * nothing; a different command under the same key is refused.
   */
  private receiptOf<Kind extends ReceiptAnswer['kind']>(
    actor: string,
    idempotencyKey: string | undefined,
    kind: Kind,
    fingerprint: string,
  ): AnsweringReceipt<Kind> | undefined {
    const receipt = idempotencyKey === undefined ? undefined : this.deps.receipts.of(actor, idempotencyKey);
    if (!receipt) return undefined;
    const { answer, orderId, position } = receipt;
    // The same Idempotency-Key came with a different command (422).
    if (!receipt.answers(fingerprint) || !isOfKind(answer, kind)) throw new CommandRejected('unprocessable', messages.idempotencyKeyReused);
    return { orderId, position, answer };
  }
}

function isOfKind<Kind extends ReceiptAnswer['kind']>(answer: ReceiptAnswer, kind: Kind): answer is Extract<ReceiptAnswer, { kind: Kind }> {
  return answer.kind === kind;
}
