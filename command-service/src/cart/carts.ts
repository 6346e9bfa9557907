import {
  TOPICS,
  fromCents,
  messages,
  priceCart,
  toCartDto,
  type CartDto,
  type CartProduct,
  type CheckoutCommand,
  type Cents,
} from '@toolforge/contracts';
import type { ProductStates } from '../catalog/catalogue.js';
import type { ProductState } from '../catalog/product.js';
import { unverifiedHeld, type Orderer } from '../orders/orderLines.js';
import { checkoutFingerprint, type OrderReceipts } from '../orders/receipts.js';
import { appendedAt, streamOf, type CommandHandler, type Handled, type Stream } from '../shared/commandHandler.js';
import { CommandRejected } from '../shared/decider.js';
import type { CartStates } from './cartStates.js';
import { cartDecider, type CartAndProducts, type CartCommand } from './decide.js';

export interface CartsDeps {
  handler: CommandHandler;
  carts: CartStates;
  /** The products the lines are of, priced and checked as they stand. */
  products: ProductStates;
  /** The receipts of order commands: a checkout is one, answered again under its Idempotency-Key. */
  receipts: OrderReceipts;
  /** The name the shop knows a customer by, from their sign-in. */
  customerName: (uid: string) => string;
  /** Whether `uid` has proved it owns its e-mail address, as of its last sign-in. */
  isVerified: (uid: string) => boolean;
}

/** A cart after a change: priced as it is now, and where the change is in the log (none when it changed nothing). */
export interface ChangedCart {
  cart: CartDto;
  position?: string;
}

/** A checkout answered before: the order it placed, and that order's total. */
interface CheckoutReceipt {
  readonly orderId: string;
  /** Undefined while its batch is being written (group commit). */
  readonly position: string | undefined;
  readonly totalCostCents: Cents;
}

export interface CheckedOut {
  position: string;
  orderId: string;
  totalCost: number;
  /** Whether this answers an earlier checkout with the same Idempotency-Key again. */
  replayed: boolean;
}

/** Customers fill their own cart, line by line, and check it out as one order. */
export class Carts {
  /** A customer's cart and the products, as the write model has them at the command's turn. */
  private readonly cartsWithProducts: { get(userId: string): CartAndProducts };

  constructor(private readonly deps: CartsDeps) {
    this.cartsWithProducts = { get: (userId) => ({ cart: deps.carts.get(userId), products: deps.products }) };
  }

  /** `quantity` of the product in the customer's cart from now on. */
  setLine(userId: string, productId: string, quantity: number): Promise<ChangedCart> {
    return this.change(userId, () => ({ type: 'SetCartLine', data: { ...this.ordererAtTurn(userId), productId, quantity } }));
  }

  removeLine(userId: string, productId: string): Promise<ChangedCart> {
    return this.change(userId, () => ({ type: 'RemoveCartLine', data: { userId, productId } }));
  }

  /**
   * Orders every line of the customer's cart, as one order on a new stream of the orders, decided on
   * the cart and the products at the command's turn. With an Idempotency-Key, a retry answers the
   * first acknowledgement again and appends nothing (the cart it emptied is not checked out twice);
   * a different command under that key is refused.
   */
  async checkout(userId: string, { shippingAddress }: CheckoutCommand, idempotencyKey?: string): Promise<CheckedOut> {
    const { handler } = this.deps;
    let totalCostCents: Cents = 0;
    const placed = await handler.handle(
      () => streamOf(TOPICS.orders, handler.newId(), this.cartsWithProducts, userId),
      (state, orderId) => {
        const command: CartCommand = {
          type: 'Checkout',
          data: { ...this.ordererAtTurn(userId), orderId, userName: this.deps.customerName(userId), shippingAddress },
        };
        const decided = cartDecider.decide(command, state);
        // The answer's total is the order's: of the decision that was appended (a retried one decides again).
        for (const event of decided) if (event.type === 'OrderPlaced') totalCostCents = event.data.totalCostCents;
        return decided;
      },
      {
        actor: userId,
        commandId: idempotencyKey,
        answeredBefore: () => this.receiptOf(userId, idempotencyKey, checkoutFingerprint({ shippingAddress })),
      },
    );
    if ('receipt' in placed) {
      const { receipt, position } = placed;
      return { orderId: receipt.orderId, position, totalCost: fromCents(receipt.totalCostCents), replayed: true };
    }
    return { position: appendedAt(placed), orderId: placed.streamId, totalCost: fromCents(totalCostCents), replayed: false };
  }

  /** A change of the customer's cart, on its own stream; `commandAtTurn` is made at the command's turn. */
  private async change(userId: string, commandAtTurn: () => CartCommand): Promise<ChangedCart> {
    const changed = await this.deps.handler.handle(this.cartStream(userId), (state) => cartDecider.decide(commandAtTurn(), state), {
      actor: userId,
    });
    return changedCart(changed);
  }

  private cartStream(userId: string): Stream<CartAndProducts> {
    return streamOf(TOPICS.carts, userId, this.cartsWithProducts);
  }

  /** Who orders, as the rules of a line need them: read at the command's turn, as the log has it then. */
  private ordererAtTurn(userId: string): Orderer {
    const verified = this.deps.isVerified(userId);
    return { userId, verified, unverifiedHeld: (productId) => unverifiedHeld(this.deps.products.get(productId), this.deps.isVerified) };
  }

  /**
   * The first answer to the customer's checkout under this Idempotency-Key, read at the command's
   * turn; a different command under the same key is refused (422).
   */
  private receiptOf(userId: string, idempotencyKey: string | undefined, fingerprint: string): CheckoutReceipt | undefined {
    const receipt = idempotencyKey === undefined ? undefined : this.deps.receipts.of(userId, idempotencyKey);
    if (!receipt) return undefined;
    const { answer, orderId, position } = receipt;
    if (!receipt.answers(fingerprint) || answer.kind !== 'placed')
      throw new CommandRejected('unprocessable', messages.idempotencyKeyReused);
    return { orderId, position, totalCostCents: answer.totalCostCents };
  }
}

/** The cart as the change left it, each line priced as its product stands now. */
function changedCart({ state, position }: Handled<CartAndProducts>): ChangedCart {
  const cart = toCartDto(priceCart(state.cart.lines, (productId) => cartProductOf(state.products.get(productId))));
  return position === undefined ? { cart } : { cart, position };
}

/** What pricing a line needs of its product: a deleted product can no longer be ordered at all. */
function cartProductOf(product: ProductState | undefined): CartProduct | undefined {
  if (!product) return undefined;
  const { name, priceCents, priceTiers } = product;
  return { name, priceCents, priceTiers, available: product.deleted ? 0 : product.availableStock };
}
