import type { ReadModelTables } from '@toolforge/platform/sql';
import { createOrderDocuments } from './migrations/013-order-documents.js';
import { orderDocumentNumbers } from './migrations/014-order-document-numbers.js';

/**
 * The documents' table, and their numbers as columns of the orders' rows (migrations/014 says why).
 * Each migration is a file of migrations/ named by its version; a new column is a new file there,
 * with the next free version (docs/read-model.md).
 */
export const DOCUMENT_TABLES: ReadModelTables = {
  owner: 'the documents',
  migrations: [createOrderDocuments, orderDocumentNumbers],
  tables: ['order_documents'],
};
