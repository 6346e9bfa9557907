import { vi, type Mock } from 'vitest';
import type { CommandClient } from '../api/commandClient';

let offset = 0;
/** A position token as the command service answers it. */
export const nextPosition = (topic: string) => `${topic}/0/${(offset += 1)}`;

/** A command client whose calls are spies answering like the command service does. */
export function fakeCommands() {
  const commands = {
    login: vi.fn<CommandClient['login']>((idToken, body) =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('identity.users'),
        accessToken: `api-token-for:${idToken}`,
        user: { uid: body.uid, name: body.name ?? '', email: body.email, admin: body.email.startsWith('admin') },
      }),
    ),
    logout: vi.fn<CommandClient['logout']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('identity.users'),
      }),
    ),
    placeOrder: vi.fn<CommandClient['placeOrder']>((_token, body) =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
        orderId: 'order-1',
        totalCost: Number(body.totalCost),
      }),
    ),
    addProduct: vi.fn<CommandClient['addProduct']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
        productId: 'product-new',
      }),
    ),
    deleteProduct: vi.fn<CommandClient['deleteProduct']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
      }),
    ),
    makeAdmin: vi.fn<CommandClient['makeAdmin']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('identity.users'),
      }),
    ),
    setOrderStatus: vi.fn<CommandClient['setOrderStatus']>((_token, _orderId, body) =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
        status: body.status,
      }),
    ),
    cancelOrder: vi.fn<CommandClient['cancelOrder']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('sales.orders'),
        status: 'cancelled',
      }),
    ),
    updateProduct: vi.fn<CommandClient['updateProduct']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
      }),
    ),
    restockProduct: vi.fn<CommandClient['restockProduct']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.products'),
      }),
    ),
    postReview: vi.fn<CommandClient['postReview']>(() =>
      Promise.resolve({
        acknowledged: true,
        position: nextPosition('catalog.reviews'),
        reviewId: 'review-1',
      }),
    ),
  } satisfies CommandClient;
  return commands;
}

/** What the spy's call number `call` answered (its promise, for a command), failing if it threw. */
export function answerOf<A extends unknown[], R>(spy: Mock<(...args: A) => R>, call = 0): R {
  const result = spy.mock.results[call];
  if (result?.type !== 'return') throw new Error(`call ${call} of the spy did not return`);
  return result.value;
}
