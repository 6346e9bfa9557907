import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORMER_CUSTOMER,
  PRIVACY_PATHS,
  type MyDataResponse,
  type OrderDto,
  type ReviewsPage,
  type SentEmailDto,
} from '@toolforge/contracts';
import {
  adminGranted,
  customerForgotten,
  orderLine,
  orderPlaced,
  orderPlacedOf,
  productAdded,
  reviewPosted,
  userSignedIn,
} from '@toolforge/contracts/testing';
import type { IdentifiedLog } from '@toolforge/platform/sql';
import { MailOutbox } from '@toolforge/projector';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';

/** The nth minute of the tests' day. */
const minute = (n: number) => ({ occurredAt: new Date(Date.UTC(2026, 5, 1, 9, n)).toISOString() });

/** A commit's new generations reach a query service of its own a moment later (Redis's news of them): bounded, well under the cache's TTL. */
const SOON = { timeout: 5_000, interval: 50 };

/** GET /me/data on a stack (embedded, or the servers), and what an erasure leaves of the caller there and in the cached answers. */
export function describePrivacyQueries(stack: QueryStack): void {
  describe(`the right of access on ${stack.name}`, () => {
    let shop: QueryHarness;
    let outbox: MailOutbox;
    const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00, stock: 50, minOrder: 1 });
    const saw = productAdded({ productId: 'p-saw', name: 'Hand Saw', priceCents: 25_00, stock: 50, minOrder: 1 });
    const ada = { userId: 'u-ada', userName: 'Ada Lovelace', shippingAddress: '12 Analytical Row, London' };
    const bo = { userId: 'u-bo', userName: 'Bo Builder', shippingAddress: '3 Mill Lane, Leeds' };
    // 2 × 10.00 + 25.00 = 45.00, + 5 % = 47.25, + 50 = 97.25; 3 × 10.00 = 30.00, + 1.50 + 50 = 81.50
    const twoLines = orderPlacedOf([orderLine(vise.data, 2), orderLine(saw.data, 1)], { orderId: 'o-ada-1', ...ada }, minute(2));
    const oneLine = orderPlaced(vise.data, { orderId: 'o-ada-2', quantity: 3, ...ada }, minute(3));
    const bos = orderPlaced(saw.data, { orderId: 'o-bo', quantity: 1, ...bo }, minute(4));
    const adasWords = 'Holds a workpiece like a rock.';
    const adasReview = reviewPosted(vise.data, { reviewId: 'r-ada', ...ada, rating: 5, text: adasWords }, minute(5));
    const bosReview = reviewPosted(saw.data, { reviewId: 'r-bo', ...bo, rating: 3, text: 'Does the job.' }, minute(6));
    const adaSignedIn = userSignedIn({
      uid: 'u-ada',
      email: 'ada@example.test',
      name: 'Ada Lovelace',
      photoURL: 'https://example.test/ada.png',
      emailVerified: true,
    });

    const myData = async (token: string | undefined) => {
      const response = await shop.get(PRIVACY_PATHS.data, { token });
      return { response, data: response.statusCode === 200 ? response.json<MyDataResponse>() : undefined };
    };
    const placedEmail = (orderId: string, to: string, state: string): SentEmailDto => ({
      kind: 'placed',
      orderId,
      to,
      subject: `Your ToolForge order ${orderId} is confirmed`,
      state,
      decidedAt: expect.any(String) as string,
      sentAt: null,
    });

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      // The e-mails' outbox beside the read model, bound before the orders so that it owes them their e-mails (nothing sends them).
      outbox = new MailOutbox({ sql: shop.sql, log: shop.log as typeof shop.log & IdentifiedLog, shopUrl: 'https://shop.test' });
      await outbox.open();
      await shop.append(
        vise,
        saw,
        adaSignedIn,
        userSignedIn({ uid: 'u-bo', email: 'bo@example.test', name: 'Bo Builder' }),
        userSignedIn({ uid: 'u-admin' }),
        adminGranted('u-admin'),
        twoLines,
        oneLine,
        bos,
        adasReview,
        bosReview,
      );
      await shop.project();
      await outbox.catchUp();
    });
    afterAll(() => shop.close());

    it('answers the caller everything the shop holds of them, as a file to keep that no cache keeps, and nothing of anyone else', async () => {
      const token = shop.token({ uid: 'u-ada' });
      const { response, data } = await myData(token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="toolforge-my-data.json"');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Date.parse(data!.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(data!.profile).toEqual({
        uid: 'u-ada',
        email: 'ada@example.test',
        name: 'Ada Lovelace',
        photoURL: 'https://example.test/ada.png',
        emailVerified: true,
        admin: false,
      });
      // The orders exactly as GET /orders/:uid answers them, newest first.
      expect(data!.orders).toEqual((await shop.get('/orders/u-ada', { token })).json<OrderDto[]>());
      expect(data!.orders.map((o) => [o._id, o.lines.map((l) => [l.productName, l.quantity, l.lineTotal]), o.totalCost])).toEqual([
        ['o-ada-2', [['Bench Vise', 3, 30]], 81.5],
        [
          'o-ada-1',
          [
            ['Bench Vise', 2, 20],
            ['Hand Saw', 1, 25],
          ],
          97.25,
        ],
      ]);
      expect(data!.orders.map((o) => [o.userName, o.shippingAddress])).toEqual(Array(2).fill([ada.userName, ada.shippingAddress]));
      expect(data!.reviews).toEqual([
        { _id: 'r-ada', productId: 'p-vise', userName: 'Ada Lovelace', rating: 5, text: adasWords, postedAt: minute(5).occurredAt },
      ]);
      expect(data!.emails).toEqual([
        placedEmail('o-ada-1', 'ada@example.test', 'pending'),
        placedEmail('o-ada-2', 'ada@example.test', 'pending'),
      ]);
      for (const other of ['u-bo', 'Bo Builder', 'bo@example.test', 'Mill Lane', 'o-bo', 'r-bo', 'Does the job']) {
        expect(response.body, other).not.toContain(other);
      }

      // Bo, asking the same path, gets his own.
      const bos = (await myData(shop.token({ uid: 'u-bo' }))).data!;
      expect([bos.profile?.email, bos.orders.map((o) => o._id), bos.reviews.map((r) => r._id), bos.emails.map((e) => e.orderId)]).toEqual([
        'bo@example.test',
        ['o-bo'],
        ['r-bo'],
        ['o-bo'],
      ]);
      // Someone signed in whose account the read model does not hold yet: nothing, and no account.
      expect((await myData(shop.token({ uid: 'u-new' }))).data).toMatchObject({ profile: null, orders: [], reviews: [], emails: [] });
    });

    it('refuses a caller without a token, or with one that is no token of the shop, with 401', async () => {
      expect((await myData(undefined)).response.statusCode).toBe(401);
      expect((await myData('not-a-token')).response.statusCode).toBe(401);
    });

    it('holds no trace of an erased customer’s e-mail, name or address, in their copy or in the answers cached before', async () => {
      const admin = shop.token({ uid: 'u-admin', admin: true });
      const token = shop.token({ uid: 'u-ada' });
      const cached = {
        reviews: `/reviews?productId=${vise.data.productId}`,
        orders: '/orders/u-ada',
        allOrders: '/allorders',
      };
      // Her list read by an admin: the same cached answer (the customer's key), and her own tokens end with the erasure.
      const read = async () =>
        Promise.all(
          [shop.get(cached.reviews), shop.get(cached.orders, { token: admin }), shop.get(cached.allOrders, { token: admin })].map(
            async (get) => {
              const response = await get;
              expect(response.statusCode).toBe(200);
              return response.body;
            },
          ),
        );
      // Read, and so kept, before the erasure; her list as she reads it too.
      for (const body of await read()) expect(body).toContain('Ada Lovelace');
      expect((await shop.get(cached.orders, { token })).body).toContain('Ada Lovelace');

      await shop.append(customerForgotten('u-ada'));
      await shop.project();
      await outbox.catchUp();
      // Every answer kept before is stale: read again, none names her.
      await expect.poll(async () => (await read()).join('\n'), SOON).not.toContain('Ada Lovelace');
      const [reviews, orders, allOrders] = await read();
      expect(JSON.parse(reviews!) as ReviewsPage).toMatchObject({
        reviews: [{ _id: 'r-ada', userName: FORMER_CUSTOMER, text: '', rating: 5 }],
      });
      expect((JSON.parse(orders!) as OrderDto[]).map((o) => [o._id, o.userName, o.shippingAddress, o.totalCost])).toEqual([
        ['o-ada-2', FORMER_CUSTOMER, '', 81.5],
        ['o-ada-1', FORMER_CUSTOMER, '', 97.25],
      ]);
      expect(allOrders).toContain('Bo Builder');

      // Her sessions ended with the erasure: a token issued before is refused.
      expect((await myData(token)).response.statusCode).toBe(401);
      // What the route answers her uid now (a token past the erasure, as no sign-in issues one any more).
      const { response, data } = await myData(shop.token({ uid: 'u-ada', sessionVersion: 2 }));
      expect(response.statusCode).toBe(200);
      expect(data!.profile).toEqual({ uid: 'u-ada', email: '', name: FORMER_CUSTOMER, photoURL: null, emailVerified: true, admin: false });
      expect(data!.orders.map((o) => [o._id, o.userName, o.shippingAddress, o.lines.length])).toEqual([
        ['o-ada-2', FORMER_CUSTOMER, '', 1],
        ['o-ada-1', FORMER_CUSTOMER, '', 2],
      ]);
      expect(data!.reviews.map((r) => [r._id, r.userName, r.text, r.rating])).toEqual([['r-ada', FORMER_CUSTOMER, '', 5]]);
      expect(data!.emails.map((e) => [e.orderId, e.to, e.state])).toEqual([
        ['o-ada-1', '', 'skipped'],
        ['o-ada-2', '', 'skipped'],
      ]);
      for (const trace of ['ada@example.test', 'Ada Lovelace', 'Analytical Row', 'example.test/ada.png', adasWords]) {
        expect(response.body, trace).not.toContain(trace);
      }
    });
  });

  describe(`the right of access on ${stack.name}, where the shop keeps no e-mails (no SMTP set up)`, () => {
    let shop: QueryHarness;
    beforeAll(async () => {
      shop = await startQueryService({ stack });
      const vise = productAdded({ productId: 'p-vise', name: 'Bench Vise', priceCents: 10_00 });
      await shop.append(vise, userSignedIn({ uid: 'u-ada' }), orderPlaced(vise.data, { orderId: 'o-ada', userId: 'u-ada', quantity: 2 }));
      await shop.project();
    });
    afterAll(() => shop.close());

    it('answers no e-mails, and the rest as ever', async () => {
      const response = await shop.get(PRIVACY_PATHS.data, { token: shop.token({ uid: 'u-ada' }) });
      expect(response.statusCode).toBe(200);
      const data = response.json<MyDataResponse>();
      expect([data.profile?.uid, data.orders.map((o) => [o._id, o.totalCost]), data.reviews, data.emails]).toEqual([
        'u-ada',
        // 2 × 10.00 = 20.00, + 1.00 + 50 = 71.00
        [['o-ada', 71]],
        [],
        [],
      ]);
    });
  });
}
