import { readModelFeature } from '../feature.js';
import { sqlDocumentReader } from './documentReads.js';
import { projectDocumentEvent } from './projection.js';
import { DOCUMENT_TABLES } from './tables.js';
import { documentWrites } from './writes.js';

/**
 * An order's invoice and credit notes in the read model (docs/documents.md): each kept as its event
 * issued it, for the query service to render as PDF, and their numbers as columns of the order's row
 * (migrations/014-order-document-numbers.ts), answered by the orders' reads. No cache area: a PDF is
 * rendered on each request and never cached.
 */
export const documentsReadModel = readModelFeature({
  name: 'documents',
  events: ['InvoiceIssued', 'CreditNoteIssued'],
  project: projectDocumentEvent,
  writes: documentWrites,
  tables: DOCUMENT_TABLES,
  cacheAreas: {},
  reads: sqlDocumentReader,
});
