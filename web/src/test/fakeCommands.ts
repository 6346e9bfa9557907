import { vi, type Mock } from 'vitest';
import { priceCart, toCartDto, type CartProduct } from '@toolforge/contracts';
import type { Answer, Acknowledged, CommandClient } from '../api/commandClient';
import type { Command } from '../api/command';
import { adminCommands } from '../features/admin/commands';
import { authCommands } from '../features/auth/commands';
import { cartCommands } from '../features/cart/commands';
import { documentCommands } from '../features/documents/commands';
import { orderLifecycleCommands } from '../features/orderLifecycle/commands';
import { orderCommands } from '../features/orders/commands';
import { paymentCommands } from '../features/payments/commands';
import { privacyCommands } from '../features/privacy/commands';
import { reviewCommands } from '../features/reviews/commands';

/** The payment provider's hosted page for an order, as the command service answers it (the local provider's address). */
export const providerPageOf = (orderId: string) => `http://127.0.0.1:12111/pay/cs_test_${orderId}`;

let offset = 0;
/** A position token as the command service answers it. */
export const nextPosition = (topic: string) => `${topic}/0/${(offset += 1)}`;

/** A spy standing in for one command: called with the bearer and the command's arguments. */
export type CommandSpy<Args extends unknown[], T extends Acknowledged> = Mock<(bearer: string, ...args: Args) => Promise<Answer<T>>>;

/**
 * A command client whose commands are spies answering like the command service does, one per command
 * by name; `spyOf` gives any other command's spy (acknowledged, without a position, unless told).
 */
export function fakeCommands() {
  const spyOfCommand = new Map<unknown, Mock>();
  /** The customer's cart as the fake keeps it: each product at 10.00, with 100 available. */
  const cartLines = new Map<string, number>();
  const cartProduct: CartProduct = { name: 'Cart Product', priceCents: 1000, priceTiers: [], available: 100 };
  const cartAnswer = () => ({
    acknowledged: true,
    position: nextPosition('sales.carts'),
    ...toCartDto(
      priceCart(
        [...cartLines].map(([productId, quantity]) => ({ productId, quantity })),
        () => cartProduct,
      ),
    ),
  });
  /** A spy for `command`, answering as `answer` does. */
  function spy<Args extends unknown[], T extends Acknowledged>(
    command: Command<Args, T>,
    answer: (bearer: string, ...args: Args) => Promise<Answer<T>>,
  ): CommandSpy<Args, T> {
    const mock = vi.fn(answer);
    spyOfCommand.set(command, mock);
    return mock;
  }

  const spies = {
    login: spy(authCommands.login, (idToken, body) =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('identity.users'),
        accessToken: `api-token-for:${idToken}`,
        user: { uid: body.uid, name: body.name ?? '', email: body.email, admin: body.email.startsWith('admin') },
      }),
    ),
    logout: spy(authCommands.logout, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('identity.users'),
      }),
    ),
    placeOrder: spy(orderCommands.placeOrder, (_token, body) =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
        orderId: 'order-1',
        totalCost: Number(body.totalCost),
        payment: { url: providerPageOf('order-1') },
      }),
    ),
    addProduct: spy(adminCommands.addProduct, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
        productId: 'product-new',
      }),
    ),
    deleteProduct: spy(adminCommands.deleteProduct, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
      }),
    ),
    makeAdmin: spy(adminCommands.makeAdmin, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('identity.users'),
      }),
    ),
    setOrderStatus: spy(orderLifecycleCommands.setOrderStatus, (_token, _orderId, body) =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
        status: body.status,
      }),
    ),
    cancelOrder: spy(orderLifecycleCommands.cancelOrder, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
        status: 'cancelled',
      }),
    ),
    updateProduct: spy(adminCommands.updateProduct, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
      }),
    ),
    restockProduct: spy(adminCommands.restockProduct, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
      }),
    ),
    setCartLine: spy(cartCommands.setCartLine, (_token, productId, body) => {
      cartLines.set(productId, body.quantity);
      return Promise.resolve(cartAnswer());
    }),
    removeCartLine: spy(cartCommands.removeCartLine, (_token, productId) => {
      cartLines.delete(productId);
      return Promise.resolve(cartAnswer());
    }),
    checkout: spy(cartCommands.checkout, () => {
      cartLines.clear();
      return Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
        orderId: 'order-2',
        totalCost: 0,
        payment: { url: providerPageOf('order-2') },
      });
    }),
    payOrder: spy(paymentCommands.payOrder, (_token, orderId) =>
      Promise.resolve({ acknowledged: true, payment: { url: providerPageOf(orderId) } }),
    ),
    resendOrderEmail: spy(documentCommands.resendOrderEmail, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
      }),
    ),
    postReview: spy(reviewCommands.postReview, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.reviews'),
        reviewId: 'review-1',
      }),
    ),
    eraseAccount: spy(privacyCommands.eraseAccount, () =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('identity.users'),
      }),
    ),
  };
  /** The spy standing in for `command`: made on first use for a command without its own above. */
  function spyOf<Args extends unknown[], T extends Acknowledged>(command: Command<Args, T>): CommandSpy<Args, T> {
    if (!spyOfCommand.has(command))
      spyOfCommand.set(
        command,
        vi.fn(() => Promise.resolve({ acknowledged: true })),
      );
    return spyOfCommand.get(command) as CommandSpy<Args, T>;
  }

  const send: CommandClient['send'] = (command, bearer, ...args) => spyOf(command)(bearer, ...args);
  return { ...spies, spyOf, send };
}

/** What the spy's call number `call` answered (its promise, for a command), failing if it threw. */
export function answerOf<A extends unknown[], R>(spy: Mock<(...args: A) => R>, call = 0): R {
  const result = spy.mock.results[call];
  if (result?.type !== 'return') throw new Error(`call ${call} of the spy did not return`);
  return result.value;
}
