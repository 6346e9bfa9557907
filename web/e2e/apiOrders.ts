import { randomUUID } from 'node:crypto';
import { formatCents, toCents, totalCostCents, type ProductDto } from '@toolforge/contracts';
import { fetchJson, type TestAccount } from '@toolforge/platform/testing';
import { httpCommandClient } from '../src/features/api/commandClient';

/** The seeded catalogue's newest products, as the home page lists them. */
export async function homeProducts(queryUrl: string): Promise<ProductDto[]> {
  return (await fetchJson<ProductDto[]>(`${queryUrl}/homeproducts`)).body;
}

export interface PlacedOrder {
  orderId: string;
  shippingAddress: string;
  quantity: number;
}

/** A fresh API token of the account, signed in straight at the API as the web client signs in. */
export async function signInThroughApi(commandUrl: string, account: TestAccount): Promise<string> {
  const session = await httpCommandClient(commandUrl).login(account.idToken, {
    uid: account.uid,
    name: account.displayName,
    email: account.email,
    loggedIn: true,
  });
  return session.accessToken;
}

/**
 * An order of the product's minimum quantity, placed the way the web client places one, straight at
 * the API (the browser flow is in shop.e2e): a test that is about what happens next starts from it.
 */
export async function placeOrderThroughApi(commandUrl: string, account: TestAccount, product: ProductDto): Promise<PlacedOrder> {
  const accessToken = await signInThroughApi(commandUrl, account);
  const quantity = product.minOrder;
  const shippingAddress = `Dock ${randomUUID().slice(0, 8)}, 12 Anvil Street`;
  const placed = await httpCommandClient(commandUrl).placeOrder(
    accessToken,
    {
      productId: product._id,
      userId: account.uid,
      userName: account.displayName,
      productName: product.name,
      totalCost: formatCents(totalCostCents(toCents(product.price)!, quantity)),
      status: 'pending',
      payment: false,
      shippingAddress,
      orderQuantity: String(quantity),
    },
    randomUUID(),
  );
  if (!placed.acknowledged || !placed.orderId) throw new Error(`the order was not placed: ${JSON.stringify(placed)}`);
  return { orderId: placed.orderId, shippingAddress, quantity };
}
