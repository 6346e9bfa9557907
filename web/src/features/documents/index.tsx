import { defineFeature } from '../../app/shopFeature';
import { documentsSaga } from './documentsSaga';
import { documentsReducer } from './documentsSlice';

/**
 * An order's documents and e-mails (docs/documents.md): its invoice and credit notes saved from
 * the order lists, and an admin's resend of one of its e-mails. No pages of its own: its
 * controls sit in My Orders' and Manage Orders' rows.
 */
export const documentsFeature = defineFeature({
  reducers: { documents: documentsReducer },
  saga: documentsSaga,
});
