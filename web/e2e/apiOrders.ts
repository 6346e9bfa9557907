import { randomUUID } from 'node:crypto';
import { formatCents, toCents, totalCostCents, type LatestReviewDto, type ProductDto } from '@toolforge/contracts';
import { fetchJson, type TestAccount } from '@toolforge/platform/testing';
import { httpCommandClient } from '../src/api/commandClient';
import { authCommands } from '../src/features/auth/commands';
import { orderLifecycleCommands } from '../src/features/orderLifecycle/commands';
import { orderCommands } from '../src/features/orders/commands';
import { reviewCommands } from '../src/features/reviews/commands';

/** The seeded catalogue's newest products, as the home page lists them. */
export async function homeProducts(queryUrl: string): Promise<ProductDto[]> {
  return (await fetchJson<ProductDto[]>(`${queryUrl}/homeproducts`)).body;
}

/** The latest reviews, as the home page lists them. */
export async function latestReviews(queryUrl: string): Promise<LatestReviewDto[]> {
  return (await fetchJson<LatestReviewDto[]>(`${queryUrl}/latestreviews`)).body;
}

export interface PlacedOrder {
  orderId: string;
  shippingAddress: string;
  quantity: number;
}

/** A fresh API token of the account, signed in straight at the API as the web client signs in. */
export async function signInThroughApi(commandUrl: string, account: TestAccount): Promise<string> {
  const session = await httpCommandClient(commandUrl).send(authCommands.login, account.idToken, {
    uid: account.uid,
    name: account.displayName,
    email: account.email,
    loggedIn: true,
  });
  return session.accessToken;
}

/**
 * An order of `quantity` of the product (its minimum unless given), placed the way the web client places one, straight
 * at the API (the browser flow is in shop.e2e): a test that is about what happens next starts from it.
 */
export async function placeOrderThroughApi(
  commandUrl: string,
  account: TestAccount,
  product: ProductDto,
  quantity = product.minOrder,
): Promise<PlacedOrder> {
  const accessToken = await signInThroughApi(commandUrl, account);
  const shippingAddress = `Dock ${randomUUID().slice(0, 8)}, 12 Anvil Street`;
  const placed = await httpCommandClient(commandUrl).send(
    orderCommands.placeOrder,
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

/** Moves an order through paid and shipped to delivered, as an admin does in Manage Orders, straight at the API. */
export async function deliverOrderThroughApi(commandUrl: string, admin: TestAccount, orderId: string): Promise<void> {
  const adminToken = await signInThroughApi(commandUrl, admin);
  const commands = httpCommandClient(commandUrl);
  for (const status of ['paid', 'shipped', 'delivered'] as const) {
    // Paid offline, as an admin marks a bank transfer that arrived.
    const move = status === 'paid' ? { status, reference: `TRANSFER-${orderId.slice(0, 8)}` } : { status };
    const moved = await commands.send(orderLifecycleCommands.setOrderStatus, adminToken, orderId, move, randomUUID());
    if (moved.status !== status) throw new Error(`order ${orderId} did not move to ${status}: ${JSON.stringify(moved)}`);
  }
}

/** A review of a product the account received, posted as Add Review posts it, straight at the API. */
export async function postReviewThroughApi(commandUrl: string, account: TestAccount, productId: string, rating: number, text: string) {
  const accessToken = await signInThroughApi(commandUrl, account);
  return httpCommandClient(commandUrl).send(reviewCommands.postReview, accessToken, { productId, rating, text });
}
