import { describe, expect, it, vi } from 'vitest';
import { adminCommands } from '../features/admin/commands';
import { authCommands } from '../features/auth/commands';
import { cartCommands } from '../features/cart/commands';
import { documentCommands } from '../features/documents/commands';
import { orderLifecycleCommands } from '../features/orderLifecycle/commands';
import { orderCommands } from '../features/orders/commands';
import { reviewCommands } from '../features/reviews/commands';
import { CommandRefused, httpCommandClient } from './commandClient';

/** A client whose fetch answers `body` with `status` and records what was sent. */
function recordingClient(body: unknown = { acknowledged: true }, status = 200) {
  const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  return { client: httpCommandClient('http://commands.test', fetchImpl), fetchImpl };
}

const json = { 'content-type': 'application/json' };

describe('the command client', () => {
  it('sends each command with its method, path, bearer, body and Idempotency-Key', async () => {
    const { client, fetchImpl } = recordingClient();
    const review = { productId: 'p/1', rating: 4, text: 'Sturdy and sharp, as promised.' };
    await client.send(authCommands.login, 'id-token', { uid: 'u-1', name: 'Ada', email: 'ada@toolforge.test', loggedIn: true });
    await client.send(authCommands.logout, 'api-token', { uid: 'u-1', loggedIn: false });
    await client.send(orderCommands.placeOrder, 'api-token', { productId: 'p-1' } as never, 'key-1');
    await client.send(adminCommands.addProduct, 'api-token', { name: 'Anvil' } as never);
    await client.send(adminCommands.deleteProduct, 'api-token', 'p/1');
    await client.send(adminCommands.makeAdmin, 'api-token', { email: 'grace@toolforge.test' });
    await client.send(orderLifecycleCommands.setOrderStatus, 'api-token', 'o/1', { status: 'paid' }, 'key-2');
    await client.send(orderLifecycleCommands.cancelOrder, 'api-token', 'o/1', {}, 'key-3');
    await client.send(adminCommands.updateProduct, 'api-token', 'p/1', { name: 'Anvil' } as never);
    await client.send(adminCommands.restockProduct, 'api-token', 'p/1', { quantity: 5 });
    await client.send(reviewCommands.postReview, 'api-token', review);
    await client.send(cartCommands.setCartLine, 'api-token', 'p/1', { quantity: 5 });
    await client.send(cartCommands.removeCartLine, 'api-token', 'p/1');
    await client.send(cartCommands.checkout, 'api-token', { shippingAddress: '1 Forge Lane' }, 'key-4');
    await client.send(documentCommands.resendOrderEmail, 'api-token', 'o/1', { email: 'paid' });
    const sent = fetchImpl.mock.calls.map(([url, init]) => [init?.method, url, init?.headers, init?.body]);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect(sent).toEqual([
      [
        'POST',
        'http://commands.test/login',
        { ...bearer('id-token'), ...json },
        JSON.stringify({ uid: 'u-1', name: 'Ada', email: 'ada@toolforge.test', loggedIn: true }),
      ],
      ['POST', 'http://commands.test/logout', { ...bearer('api-token'), ...json }, JSON.stringify({ uid: 'u-1', loggedIn: false })],
      [
        'POST',
        'http://commands.test/order',
        { ...bearer('api-token'), ...json, 'idempotency-key': 'key-1' },
        JSON.stringify({ productId: 'p-1' }),
      ],
      ['POST', 'http://commands.test/addproduct', { ...bearer('api-token'), ...json }, JSON.stringify({ name: 'Anvil' })],
      ['DELETE', 'http://commands.test/deleteproduct/p%2F1', bearer('api-token'), undefined],
      ['POST', 'http://commands.test/makeadmin', { ...bearer('api-token'), ...json }, JSON.stringify({ email: 'grace@toolforge.test' })],
      [
        'POST',
        'http://commands.test/orders/o%2F1/status',
        { ...bearer('api-token'), ...json, 'idempotency-key': 'key-2' },
        JSON.stringify({ status: 'paid' }),
      ],
      ['POST', 'http://commands.test/orders/o%2F1/cancel', { ...bearer('api-token'), ...json, 'idempotency-key': 'key-3' }, '{}'],
      ['PUT', 'http://commands.test/product/p%2F1', { ...bearer('api-token'), ...json }, JSON.stringify({ name: 'Anvil' })],
      ['POST', 'http://commands.test/product/p%2F1/restock', { ...bearer('api-token'), ...json }, JSON.stringify({ quantity: 5 })],
      ['POST', 'http://commands.test/review', { ...bearer('api-token'), ...json }, JSON.stringify(review)],
      ['PUT', 'http://commands.test/cart/lines/p%2F1', { ...bearer('api-token'), ...json }, JSON.stringify({ quantity: 5 })],
      ['DELETE', 'http://commands.test/cart/lines/p%2F1', bearer('api-token'), undefined],
      [
        'POST',
        'http://commands.test/checkout',
        { ...bearer('api-token'), ...json, 'idempotency-key': 'key-4' },
        JSON.stringify({ shippingAddress: '1 Forge Lane' }),
      ],
      ['POST', 'http://commands.test/orders/o%2F1/emails', { ...bearer('api-token'), ...json }, JSON.stringify({ email: 'paid' })],
    ]);
  });

  it("throws the server's refusal with its status and fields", async () => {
    const { client } = recordingClient({ message: 'Name is too long', fields: { name: 'Name is too long' } }, 400);
    const sending = client.send(adminCommands.addProduct, 'api-token', { name: 'Anvil' } as never);
    await expect(sending).rejects.toEqual(new CommandRefused('Name is too long', 400, { name: 'Name is too long' }));
  });
});
