import type { FastifyInstance, FastifyReply } from 'fastify';
import { documentFileName, documentMessages, orderIdParamsSchema } from '@toolforge/contracts';
import { renderCreditNote, renderInvoice } from '@toolforge/documents';
import { HttpError, type ApiCaller, type ZodTypeProvider } from '@toolforge/platform/http';
import type { DocumentReader, OrderReader } from '@toolforge/read-model';
import { readableOrder } from '../orders/readableOrder.js';
import { RenderedDocuments } from './renderedDocuments.js';
import { creditNoteParamsSchema, pdfAnswer } from './schemas.js';

export interface DocumentRouteOptions {
  store: OrderReader & DocumentReader;
  isAdmin: (caller: ApiCaller) => Promise<boolean>;
}

/**
 * GET /orders/:id/invoice.pdf and /orders/:id/credit-notes/:n.pdf (the order's customer, or an
 * admin): the document rendered from its event as the read model keeps it (read-model/src/documents),
 * so it says what the log said when it was issued, the same bytes each time (docs/documents.md).
 * Never cached on the way (it names a customer and their address); this process keeps the bytes it
 * rendered lately, handed out only to whoever may read them (renderedDocuments.ts).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function documentRoutes(parent: FastifyInstance, { store, isAdmin }: DocumentRouteOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const rendered = new RenderedDocuments();

  /** The order's customer or an admin may read its documents, as its history (orders/readableOrder.ts). */
  const mayRead = (orderId: string, caller: ApiCaller) => readableOrder({ store, isAdmin }, orderId, caller);

  app.get(
    '/orders/:id/invoice.pdf',
    {
      onRequest: app.authenticate,
      schema: {
        description: "The order's invoice as PDF, once it is paid: 404 before.",
        params: orderIdParamsSchema,
        response: { 200: pdfAnswer('The invoice (application/pdf), saved under its number.') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await mayRead(id, request.user);
      const invoice = await store.invoiceOf(id);
      if (!invoice) throw new HttpError(404, documentMessages.noInvoice);
      return sendPdf(reply, invoice.invoiceNumber, await rendered.of(invoice.invoiceNumber, () => renderInvoice(invoice)));
    },
  );

  app.get(
    '/orders/:id/credit-notes/:n.pdf',
    {
      onRequest: app.authenticate,
      schema: {
        description: "The order's nth credit note as PDF (from 1, in the order issued; OrderDto's creditNoteNumbers lists them).",
        params: creditNoteParamsSchema,
        response: { 200: pdfAnswer('The credit note (application/pdf), saved under its number.') },
      },
    },
    async (request, reply) => {
      const { id, n } = request.params;
      await mayRead(id, request.user);
      const creditNote = await store.creditNoteOf(id, n);
      if (!creditNote) throw new HttpError(404, documentMessages.noCreditNote);
      return sendPdf(
        reply,
        creditNote.creditNoteNumber,
        await rendered.of(creditNote.creditNoteNumber, () => renderCreditNote(creditNote)),
      );
    },
  );
}

/**
 * A document as a download under its number. The number held to its contract when it was projected
 * (INV-2026-000001: letters, digits and dashes), so it needs no quoting in the header. Kept by no
 * cache (it names a customer and their address), and never sniffed as anything but a PDF.
 */
function sendPdf(reply: FastifyReply, documentNumber: string, pdf: Uint8Array): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${documentFileName(documentNumber)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
