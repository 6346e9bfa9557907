import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditNotePath,
  documentMessages,
  invoicePath,
  messages,
  type ApiError,
  type InvoiceIssued,
  type OrderPlaced,
} from '@toolforge/contracts';
import {
  adminGranted,
  creditNoteIssued,
  invoiceIssued,
  orderCancelled,
  orderMoved,
  orderPlaced,
  productAdded,
  userSignedIn,
} from '@toolforge/contracts/testing';
import { startQueryService, type QueryHarness } from '../test/harness.js';
import type { QueryStack } from '../test/stacks.js';
import { CREDIT_NOTE_PLACE_MESSAGE } from './schemas.js';

/** GET /orders/:id/invoice.pdf and /orders/:id/credit-notes/:n.pdf on a stack (embedded, or the servers). */
export function describeDocumentQueries(stack: QueryStack): void {
  describe(`document queries on ${stack.name}`, () => {
    let shop: QueryHarness;
    const ada = () => shop.token({ uid: 'u-ada' });
    const bo = () => shop.token({ uid: 'u-bo' });
    const admin = () => shop.token({ uid: 'u-admin', admin: true });
    let pending: OrderPlaced;
    let invoiced: OrderPlaced;
    let credited: OrderPlaced;
    let invoice: InvoiceIssued;

    beforeAll(async () => {
      shop = await startQueryService({ stack });
      // Markup in a product's name reaches the document as text, never as anything the PDF runs.
      const vise = productAdded({ name: 'Bench Vise <script>alert(1)</script>', priceCents: 89_50, stock: 100, minOrder: 1 });
      await shop.append(vise, userSignedIn({ uid: 'u-granted' }), adminGranted('u-granted'));
      [pending, invoiced, credited] = [1, 2, 3].map(() => orderPlaced(vise.data, { userId: 'u-ada', quantity: 2 })) as [
        OrderPlaced,
        OrderPlaced,
        OrderPlaced,
      ];
      invoice = invoiceIssued(invoiced.data, { sequence: 1, issuedAt: '2026-05-04T10:00:00.000Z' });
      const reversed = invoiceIssued(credited.data, { sequence: 2, issuedAt: '2026-05-04T11:00:00.000Z' });
      await shop.append(
        pending,
        invoiced,
        credited,
        orderMoved(invoiced.data, 'OrderPaid'),
        invoice,
        orderMoved(credited.data, 'OrderPaid'),
        reversed,
        orderCancelled(credited.data, { by: 'admin' }),
        creditNoteIssued(reversed.data, { sequence: 1, issuedAt: '2026-05-05T09:00:00.000Z', reason: 'Arrived <b>broken</b>' }),
      );
      await shop.project();
    });
    afterAll(() => shop.close());

    const get = (path: string, token?: string) => shop.get(path, { token });

    it('answers the order’s customer and an admin its invoice as a PDF download under its number, never cached, the same bytes each time', async () => {
      const first = await get(invoicePath(invoiced.data.orderId), ada());
      expect(first.statusCode).toBe(200);
      expect(first.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="INV-2026-000001.pdf"',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const again = await get(invoicePath(invoiced.data.orderId), admin());
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      // An admin by a grant after sign-in, with the token already held.
      expect((await get(invoicePath(invoiced.data.orderId), shop.token({ uid: 'u-granted' }))).statusCode).toBe(200);
    });

    it('answers a cancelled order’s credit note by its place, 1 for the first, under its own number', async () => {
      const response = await get(creditNotePath(credited.data.orderId, 1), ada());
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="CN-2026-000001.pdf"',
        'cache-control': 'private, no-store',
      });
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The invoice it reverses is still the order's.
      expect((await get(invoicePath(credited.data.orderId), ada())).headers['content-disposition']).toBe(
        'attachment; filename="INV-2026-000002.pdf"',
      );
    });

    it('refuses no token with 401, another customer with 403, an unknown order, one not paid yet or a credit note it lacks with 404', async () => {
      const refused = async (path: string, token: string | undefined, statusCode: number, message?: string) => {
        const response = await get(path, token);
        expect(response.statusCode, path).toBe(statusCode);
        expect(response.headers['content-type'], path).toMatch(/^application\/json/);
        if (message) expect(response.json<ApiError>().message, path).toBe(message);
      };
      await refused(invoicePath(invoiced.data.orderId), undefined, 401);
      await refused(invoicePath(invoiced.data.orderId), 'not-a-token', 401);
      await refused(creditNotePath(credited.data.orderId, 1), undefined, 401);
      await refused(invoicePath(invoiced.data.orderId), bo(), 403, messages.forbiddenOtherOrder);
      await refused(creditNotePath(credited.data.orderId, 1), bo(), 403, messages.forbiddenOtherOrder);
      for (const token of [ada(), admin()]) {
        await refused(invoicePath('order-never-placed'), token, 404, messages.orderNotFound);
        await refused(creditNotePath('order-never-placed', 1), token, 404, messages.orderNotFound);
        await refused(invoicePath(pending.data.orderId), token, 404, documentMessages.noInvoice);
        await refused(creditNotePath(invoiced.data.orderId, 1), token, 404, documentMessages.noCreditNote);
        await refused(creditNotePath(credited.data.orderId, 2), token, 404, documentMessages.noCreditNote);
      }
    });

    it('refuses a credit note’s place that is no whole number from 1, or past the bound, and a hostile order id, with 400', async () => {
      const base = `/orders/${credited.data.orderId}/credit-notes`;
      for (const place of ['0', '-1', '01', '1e0', '1.0', '0x1', 'one', '%20%31', '1000', '9'.repeat(90)]) {
        const response = await get(`${base}/${place}.pdf`, ada());
        expect(response.statusCode, place).toBe(400);
        expect(response.json<ApiError>().message, place).toBe(CREDIT_NOTE_PLACE_MESSAGE);
      }
      // Longer than any id: the router refuses a path parameter of more than 100 characters itself.
      expect((await get(`${base}/${'9'.repeat(101)}.pdf`, ada())).statusCode).toBe(414);
      for (const hidden of [`${invoiced.data.orderId}\u0000`, `${invoiced.data.orderId}\u202e`]) {
        const response = await get(invoicePath(hidden), ada());
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().message).toMatch(/must not contain control or invisible characters/);
      }
    });

    it('never answers a document whose event broke its contract: a number that would break the download’s header is set aside', async () => {
      const order = orderPlaced({ productId: 'p-other', name: 'Hand Saw', priceCents: 24_99 }, { userId: 'u-ada', quantity: 1 });
      const hostile = invoiceIssued(order.data, { sequence: 3, issuedAt: '2026-05-06T10:00:00.000Z' });
      const injected = { ...hostile, data: { ...hostile.data, invoiceNumber: 'INV-2026-000003"\r\nSet-Cookie: session=stolen' } };
      await shop.append(order, orderMoved(order.data, 'OrderPaid'), injected);
      await shop.project();
      const response = await get(invoicePath(order.data.orderId), ada());
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiError>().message).toBe(documentMessages.noInvoice);
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });
}
