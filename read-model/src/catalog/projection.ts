import type { ProductDetails, ProductEvent } from '@toolforge/contracts';
import { PRODUCT_DETAIL_COLUMNS, type CatalogueWrite } from './writes.js';
import type { StoredEvent } from '@toolforge/platform';

/**
 * catalog.products → products: an added product is listed; an edit changes the fields it names; a
 * restock or write-off moves the stock on hand; a deleted product is hidden, never erased.
 */
export function projectProductEvent(event: StoredEvent<ProductEvent>): CatalogueWrite[] {
  switch (event.type) {
    case 'ProductAdded': {
      // The event's schema is the product's fields (a strict object), each a column of its own.
      const logPosition = { partition: event.position.partition, offset: event.position.offset };
      return [{ kind: 'insertProduct', product: { ...event.data, addedAt: event.meta.occurredAt, logPosition } }];
    }
    case 'ProductUpdated':
      return [{ kind: 'updateProduct', productId: event.data.productId, changes: editableFields(event.data.changes) }];
    case 'StockAdjusted': {
      const { productId, delta } = event.data;
      if (!Number.isSafeInteger(delta) || delta === 0)
        throw new Error(`StockAdjusted moves the stock by no whole number (${String(delta)})`);
      return [{ kind: 'adjustStock', productId, delta }];
    }
    case 'ProductDeleted':
      return [{ kind: 'deleteProduct', productId: event.data.productId, at: event.meta.occurredAt }];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The fields of an edit that a product may change; an edit that names none of them is refused (it goes to the dead letters). */
function editableFields(changes: Partial<ProductDetails>): Partial<ProductDetails> {
  const fields = (Object.keys(PRODUCT_DETAIL_COLUMNS) as (keyof ProductDetails)[]).filter(
    (field) => Object.hasOwn(changes, field) && changes[field] !== undefined,
  );
  if (fields.length === 0) throw new Error('ProductUpdated changes none of the fields a product may change');
  return Object.fromEntries(fields.map((field) => [field, changes[field]]));
}
