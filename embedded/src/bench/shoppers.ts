/**
 * The people the load acts as, signed in the way the web client signs in: accounts in the Auth
 * emulator (created as the tests create them), each ID token exchanged at /login for an API token.
 * The admin also adds the products the shoppers order, through /addproduct: an order is decided
 * on the product's own stream, which the seeded products (written many to a stream) do not have.
 */
import type { AddProductResponse, LoginResponse } from '@toolforge/contracts';
import { DEMO_ACCOUNTS } from '../demoAccounts.js';
import { apiAt, createAccount, okBody, signIn, tokenClaims, type HttpRequest } from '@toolforge/platform/testing';
import type { OrderableProduct, Shopper } from './loadSpec.js';

export interface ShopSession {
  /** The admin's API token: it may read any customer's orders. */
  readonly adminToken: string;
  readonly shoppers: readonly Shopper[];
  readonly products: readonly OrderableProduct[];
}

/** Products the shoppers order: a few, so orders do not all queue on one stream. */
const ORDERABLE_PRODUCTS = 5;
const PRICE_CENTS = 10_00;
/** Accounts created at once: the emulator is on the same two cores. */
const AT_ONCE = 10;

async function inGroups<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let first = 0; first < count; first += AT_ONCE) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(AT_ONCE, count - first) }, (_, index) => make(first + index)))));
  }
  return made;
}

/** Signs the admin and `shoppers` new customers in at `commandUrl`, and adds the products they order. */
export async function openShopSession(commandUrl: string, shoppers: number): Promise<ShopSession> {
  const api = apiAt(commandUrl);
  const call = async <T>(method: string, path: string, request: Omit<HttpRequest, 'method'>): Promise<T> =>
    okBody(await api<T>(method, path, request), `${method} ${path}`);
  const login = async (idToken: string, displayName: string) => {
    const claims = tokenClaims(idToken);
    const answer = await call<LoginResponse>('POST', '/login', {
      token: idToken,
      body: { uid: claims.user_id, name: displayName, email: claims.email, loggedIn: true },
    });
    return { uid: claims.user_id as string, token: answer.accessToken };
  };

  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const { token: adminToken } = await login(await signIn(admin.email, admin.password), admin.displayName);
  const products = await inGroups(ORDERABLE_PRODUCTS, async (index) => {
    const { productId } = await call<AddProductResponse>('POST', '/addproduct', {
      token: adminToken,
      body: {
        name: `Benchmark Spanner ${index}`,
        category: 'hand-tool',
        model: `BS-${index}`,
        imageUrl: '/images/products/combination-wrench-set.svg',
        price: String(PRICE_CENTS / 100),
        stock: '999999',
        minOrder: '1',
        description: 'A spanner that exists to be ordered many times by the benchmark.',
      },
    });
    return { productId, priceCents: PRICE_CENTS };
  });
  const signedIn = await inGroups(shoppers, async (index) => {
    const account = await createAccount({ displayName: `Bench Shopper ${index}`, emailVerified: true });
    return login(account.idToken, account.displayName);
  });
  return { adminToken, shoppers: signedIn, products };
}
