import { sellerSettings } from '@toolforge/platform';
import { orders } from '../orders/feature.js';
import type { CommandFeature } from '../shared/feature.js';
import { creditNoteFor, invoiceFor } from './decide.js';
import { DocumentStates } from './documentStates.js';

/**
 * An order's invoice and credit notes (docs/documents.md): no route of its own, the documents are
 * facts the writer appends with the facts that owe them, in the same append: the invoice with the
 * payment (OrderPaid, by card or offline), the credit note with a paid order's cancellation. A
 * number is never lost between the two, and never taken twice.
 */
export const documents: CommandFeature<{ documents: DocumentStates }> = {
  name: 'documents',
  writeModel(need) {
    const states = new DocumentStates(need(orders).orders);
    return { states: { documents: states }, parts: [states] };
  },
  // eslint-disable-next-line @typescript-eslint/require-await -- a feature's serve is async; this one registers its rules without awaiting anything
  async serve({ deps, handler, states }) {
    // The seller as set when the service started: SELLER_*, or the default seller.
    const seller = deps.seller ?? sellerSettings({});
    const view = states.documents;
    handler.follow({ facts: ['OrderPaid'], decide: (paid, { now, earlier }) => invoiceFor(paid, { now, earlier, seller }, view) });
    handler.follow({
      facts: ['OrderCancelled'],
      decide: (cancelled, { now, earlier }) => creditNoteFor(cancelled, { now, earlier, seller }, view),
    });
  },
};
