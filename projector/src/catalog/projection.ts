import type { ProductEvent } from '@toolforge/contracts';
import type { CatalogueWrite } from './writes.js';
import type { StoredEvent } from '@toolforge/platform';

/** catalog.products → products: an added product is listed; a deleted one is hidden, never erased. */
export function projectProductEvent(event: StoredEvent<ProductEvent>): CatalogueWrite[] {
  switch (event.type) {
    case 'ProductAdded': {
      const { productId, name, category, model, imageUrl, priceCents, stock, minOrder, description } = event.data;
      return [
        {
          kind: 'insertProduct',
          product: {
            productId,
            name,
            category,
            model,
            imageUrl,
            priceCents,
            stock,
            minOrder,
            description,
            addedAt: event.meta.occurredAt,
            logPosition: { partition: event.position.partition, offset: event.position.offset },
          },
        },
      ];
    }
    case 'ProductDeleted':
      return [{ kind: 'deleteProduct', productId: event.data.productId, at: event.meta.occurredAt }];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
