import { vi } from 'vitest';
import type { CommandClient } from '../features/api/commandClient';

let offset = 0;
/** A position token as the command service answers it. */
export const nextPosition = (topic: string) => `${topic}/0/${(offset += 1)}`;

/** A command client whose calls are spies answering like the command service does. */
export function fakeCommands() {
  const commands = {
    login: vi.fn<CommandClient['login']>(async (idToken, body) => ({
      acknowledged: true,
      position: nextPosition('identity.users'),
      accessToken: `api-token-for:${idToken}`,
      user: { uid: body.uid, name: body.name ?? '', email: body.email, admin: body.email.startsWith('admin') },
    })),
    logout: vi.fn<CommandClient['logout']>(async () => ({
      acknowledged: true,
      position: nextPosition('identity.users'),
    })),
    placeOrder: vi.fn<CommandClient['placeOrder']>(async (_token, body) => ({
      acknowledged: true,
      position: nextPosition('sales.orders'),
      orderId: 'order-1',
      totalCost: Number(body.totalCost),
    })),
    addProduct: vi.fn<CommandClient['addProduct']>(async () => ({
      acknowledged: true,
      position: nextPosition('catalog.products'),
      productId: 'product-new',
    })),
    deleteProduct: vi.fn<CommandClient['deleteProduct']>(async () => ({
      acknowledged: true,
      position: nextPosition('catalog.products'),
    })),
    makeAdmin: vi.fn<CommandClient['makeAdmin']>(async () => ({
      acknowledged: true,
      position: nextPosition('identity.users'),
    })),
  } satisfies CommandClient;
  return commands;
}
