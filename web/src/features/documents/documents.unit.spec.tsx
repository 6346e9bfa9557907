import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentMessages, mailMessages, messages, type OrderDto, type OrderEmail } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { fakeFileServer, refusal, restoresBlobUrls } from '../../test/fakeFileServer';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { orderDto } from '../../test/orders';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';
import { DOCUMENT_NOT_DOWNLOADED, emailResentText } from './documentTexts';
import { orderDocuments } from './orderDocuments';
import { resendableEmails } from './resendableEmails';

const invoiced = (n: number, overrides: Partial<OrderDto> = {}) =>
  orderDto(n, { status: 'paid', payment: true, paidWith: 'offline', invoiceNumber: `INV-2026-00000${n}`, ...overrides });
const cancelledAfterPayment = orderDto(3, {
  status: 'cancelled',
  payment: true,
  invoiceNumber: 'INV-2026-000003',
  creditNoteNumbers: ['CN-2026-000001'],
  refunded: 127.18,
});

const rowOf = async (address: string) => (await screen.findByText(address)).closest('tr')!;
const documentsOf = (row: HTMLElement) =>
  Array.from(row.querySelector('[data-label="Documents"]')!.querySelectorAll('button'), (button) => button.textContent);
const toasts = (shop: Awaited<ReturnType<typeof signedInTestStore>>) =>
  shop.store.getState().toasts.items.map(({ kind, text }) => ({ kind, text }));

const pdfAnswer =
  (bytes = '%PDF-1.7 invoice') =>
  () =>
    new Response(bytes, { headers: { 'content-type': 'application/pdf' } });

restoresBlobUrls();

describe("an order's documents in the lists", () => {
  it('offers the invoice once the order has one and each credit note, in the order issued; none (a dash) before', async () => {
    fakeQueryServer({ '/orders/u-7': [orderDto(1), invoiced(2), cancelledAfterPayment] });
    renderShop('/userdashboard/orders/u-7', { shop: await signedInTestStore() });

    const unpaid = await rowOf('1 Forge Lane, Sheffield');
    expect(documentsOf(unpaid)).toEqual([]);
    expect(within(unpaid).getByText('No documents')).toBeTruthy();
    expect(documentsOf(await rowOf('2 Forge Lane, Sheffield'))).toEqual(['Invoice INV-2026-000002']);
    expect(documentsOf(await rowOf('3 Forge Lane, Sheffield'))).toEqual(['Invoice INV-2026-000003', 'Credit note CN-2026-000001']);
    expect(screen.getByRole('button', { name: 'Invoice INV-2026-000002' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Documents' })).toBeTruthy();
  });

  it('shows them in Manage Orders too', async () => {
    fakeQueryServer({ '/allorders': [cancelledAfterPayment] });
    renderShop('/admindashboard/manageorders', { shop: await signedInTestStore({ admin: true }) });
    expect(documentsOf(await rowOf('3 Forge Lane, Sheffield'))).toEqual(['Invoice INV-2026-000003', 'Credit note CN-2026-000001']);
  });

  it('reads each document at its own path (credit notes from 1) and saves it under its number; never under a name that is no number', () => {
    const order = orderDto(9, { _id: 'o/9', invoiceNumber: 'INV-2026-000009', creditNoteNumbers: ['CN-2026-000004', '../../.bashrc'] });
    expect(orderDocuments(order)).toEqual([
      { label: 'Invoice INV-2026-000009', path: '/orders/o%2F9/invoice.pdf', fileName: 'INV-2026-000009.pdf' },
      { label: 'Credit note CN-2026-000004', path: '/orders/o%2F9/credit-notes/1.pdf', fileName: 'CN-2026-000004.pdf' },
      { label: 'Credit note ../../.bashrc', path: '/orders/o%2F9/credit-notes/2.pdf', fileName: 'document.pdf' },
    ]);
  });

  it('shows a hostile number as text, never as markup', async () => {
    fakeQueryServer({ '/orders/u-7': [invoiced(2, { invoiceNumber: '<img src=x onerror=alert(1)>' })] });
    renderShop('/userdashboard/orders/u-7', { shop: await signedInTestStore() });
    expect(await screen.findByRole('button', { name: 'Invoice <img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('downloading a document', () => {
  it("fetches the PDF with the user's bearer at the document's path, saves it under its number, and revokes the Blob URL", async () => {
    const order = invoiced(2);
    const { fileRequests, saved, revoked } = fakeFileServer(
      { '/orders/u-7': [order] },
      { [`/orders/${order._id}/invoice.pdf`]: pdfAnswer() },
    );
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard/orders/u-7', { shop });

    await user.click(await screen.findByRole('button', { name: 'Invoice INV-2026-000002' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fileRequests).toEqual([{ path: `/orders/${order._id}/invoice.pdf`, headers: { authorization: `Bearer ${shop.accessToken}` } }]);
    expect(saved[0]!.fileName).toBe('INV-2026-000002.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 invoice');
    await waitFor(() => expect(revoked).toEqual(['blob:http://shop.test/1']));
    // The temporary link is gone, and the button is free again.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Invoice INV-2026-000002' }).hasAttribute('disabled')).toBe(false);
    expect(toasts(shop)).toEqual([]);
  });

  it('reads the nth credit note at credit-notes/n.pdf (an admin)', async () => {
    const order = orderDto(4, {
      status: 'cancelled',
      invoiceNumber: 'INV-2026-000004',
      creditNoteNumbers: ['CN-2026-000001', 'CN-2026-000002'],
    });
    const { fileRequests, saved } = fakeFileServer(
      { '/allorders': [order] },
      { [`/orders/${order._id}/credit-notes/2.pdf`]: pdfAnswer('%PDF-1.7 credit note') },
    );
    const { user } = renderShop('/admindashboard/manageorders', { shop: await signedInTestStore({ admin: true }) });

    await user.click(await screen.findByRole('button', { name: 'Credit note CN-2026-000002' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fileRequests.map(({ path }) => path)).toEqual([`/orders/${order._id}/credit-notes/2.pdf`]);
    expect(saved[0]!.fileName).toBe('CN-2026-000002.pdf');
  });

  it("says the server's refusal in a toast and saves nothing; an answer that is no PDF is never saved as one", async () => {
    const order = invoiced(2, { creditNoteNumbers: ['CN-2026-000001'] });
    const { saved } = fakeFileServer(
      { '/orders/u-7': [order] },
      {
        [`/orders/${order._id}/invoice.pdf`]: refusal(403, messages.forbiddenOtherOrder),
        [`/orders/${order._id}/credit-notes/1.pdf`]: () =>
          new Response('<html>Bad gateway</html>', { headers: { 'content-type': 'text/html' } }),
      },
    );
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard/orders/u-7', { shop });

    await user.click(await screen.findByRole('button', { name: 'Invoice INV-2026-000002' }));
    expect(await screen.findByText(messages.forbiddenOtherOrder)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Credit note CN-2026-000001' }));
    expect(await screen.findByText(DOCUMENT_NOT_DOWNLOADED)).toBeTruthy();

    expect(toasts(shop)).toEqual([
      { kind: 'error', text: messages.forbiddenOtherOrder },
      { kind: 'error', text: DOCUMENT_NOT_DOWNLOADED },
    ]);
    expect(saved).toEqual([]);
  });

  it('reads again when the network lost the answer (a read is safe to repeat), and the button waits meanwhile', async () => {
    const order = invoiced(2);
    let attempts = 0;
    let answer: (response: Response) => void = () => {};
    const { fileRequests, saved } = fakeFileServer(
      { '/orders/u-7': [order] },
      {
        [`/orders/${order._id}/invoice.pdf`]: () => {
          attempts += 1;
          if (attempts === 1) throw new TypeError('Failed to fetch');
          return new Promise<Response>((resolve) => (answer = resolve));
        },
      },
    );
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard/orders/u-7', { shop });
    const invoice = await screen.findByRole('button', { name: 'Invoice INV-2026-000002' });

    await user.click(invoice);
    await waitFor(() => expect(fileRequests).toHaveLength(2));
    expect(invoice.hasAttribute('disabled')).toBe(true);
    answer(pdfAnswer()());

    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(invoice.hasAttribute('disabled')).toBe(false));
    expect(toasts(shop)).toEqual([]);
  });

  it("says a 404's message (no invoice yet)", async () => {
    const order = invoiced(2);
    fakeFileServer({ '/orders/u-7': [order] }, { [`/orders/${order._id}/invoice.pdf`]: refusal(404, documentMessages.noInvoice) });
    const { user } = renderShop('/userdashboard/orders/u-7', { shop: await signedInTestStore() });
    await user.click(await screen.findByRole('button', { name: 'Invoice INV-2026-000002' }));
    expect(await screen.findByText(documentMessages.noInvoice)).toBeTruthy();
  });
});

describe('which e-mails an order had, to be sent again', () => {
  it('placed always; paid with an invoice; shipped and delivered by the status; cancelled; refunded once money went back', () => {
    const offered = (overrides: Partial<OrderDto>) => resendableEmails(orderDto(1, overrides));
    const cases: [Partial<OrderDto>, OrderEmail[]][] = [
      [{ status: 'pending' }, ['placed']],
      [{ status: 'paid', invoiceNumber: 'INV-2026-000001' }, ['placed', 'paid']],
      // Paid before the shop issued invoices: it never had a paid e-mail.
      [{ status: 'paid', invoiceNumber: null }, ['placed']],
      [{ status: 'shipped', invoiceNumber: 'INV-2026-000001' }, ['placed', 'paid', 'shipped']],
      [{ status: 'delivered', invoiceNumber: 'INV-2026-000001' }, ['placed', 'paid', 'shipped', 'delivered']],
      [{ status: 'cancelled' }, ['placed', 'cancelled']],
      [
        { status: 'cancelled', invoiceNumber: 'INV-2026-000001', creditNoteNumbers: ['CN-2026-000001'], refunded: 127.18 },
        ['placed', 'paid', 'cancelled', 'refunded'],
      ],
      // Cancelled, then a late payment refunded: no invoice, but a refund.
      [{ status: 'cancelled', refunded: 127.18 }, ['placed', 'cancelled', 'refunded']],
    ];
    expect(cases.map(([overrides]) => offered(overrides))).toEqual(cases.map(([, emails]) => emails));
  });
});

describe('Resend e-mail (Manage Orders)', () => {
  const delivered = invoiced(4, { status: 'delivered' });

  it('offers only the e-mails the order had, posts the one chosen, and says it will be sent again', async () => {
    fakeQueryServer({ '/allorders': [delivered] });
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/manageorders', { shop });

    const resend = await screen.findByRole('button', { name: 'Resend e-mail for order 00000004' });
    await user.click(resend);
    const dialog = screen.getByRole('dialog', { name: 'Resend an e-mail of order 00000004' });
    const choice = within(dialog).getByRole('combobox', { name: 'E-mail' });
    expect(document.activeElement).toBe(choice);
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['placed', 'Placed'],
      ['paid', 'Paid'],
      ['shipped', 'Shipped'],
      ['delivered', 'Delivered'],
    ]);
    await user.selectOptions(choice, 'delivered');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText(emailResentText('delivered'))).toBeTruthy();
    expect(emailResentText('delivered')).toBe('The delivered e-mail will be sent again');
    expect(shop.commands.resendOrderEmail).toHaveBeenCalledWith(shop.accessToken, delivered._id, { email: 'delivered' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(resend);
  });

  it('sends nothing when closed', async () => {
    fakeQueryServer({ '/allorders': [orderDto(1)] });
    const shop = await signedInTestStore({ admin: true });
    const { user } = renderShop('/admindashboard/manageorders', { shop });

    await user.click(await screen.findByRole('button', { name: 'Resend e-mail for order 00000001' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['placed']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shop.commands.resendOrderEmail).not.toHaveBeenCalled();
  });

  it("says the server's 409 of an e-mail the order never had", async () => {
    fakeQueryServer({ '/allorders': [delivered] });
    const shop = await signedInTestStore({ admin: true });
    shop.commands.resendOrderEmail.mockRejectedValueOnce(new CommandRefused(mailMessages.emailNeverSent, 409));
    const { user } = renderShop('/admindashboard/manageorders', { shop });

    await user.click(await screen.findByRole('button', { name: 'Resend e-mail for order 00000004' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText(mailMessages.emailNeverSent)).toBeTruthy();
    expect(shop.commands.resendOrderEmail).toHaveBeenCalledWith(shop.accessToken, delivered._id, { email: 'placed' });
    expect(toasts(shop)).toEqual([{ kind: 'error', text: mailMessages.emailNeverSent }]);
  });

  it('is not offered to a customer', async () => {
    fakeQueryServer({ '/orders/u-7': [delivered] });
    renderShop('/userdashboard/orders/u-7', { shop: await signedInTestStore() });
    await rowOf('4 Forge Lane, Sheffield');
    expect(screen.queryByRole('button', { name: /^Resend e-mail/ })).toBeNull();
  });
});
