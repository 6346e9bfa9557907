import { describe, expect, it } from 'vitest';
import { messages, pricingMessages, type PriceTier } from '@toolforge/contracts';
import { cancelledOrder, deciderSpec, fact, placedOrder } from '../test/deciderSpec.js';
import { productDecider, type ProductCommand } from './decide.js';
import type { ProductFact } from './product.js';

const spec = deciderSpec(productDecider);

const hammer = {
  productId: 'p1',
  name: 'Claw Hammer',
  category: 'hand-tool' as const,
  model: 'CH-16',
  imageUrl: '/images/products/claw-hammer.svg',
  stock: 120,
  minOrder: 2,
  description: 'Forged steel head with a fibreglass handle.',
  priceTiers: [] as PriceTier[],
  packSize: 1,
};
const added = fact({ type: 'ProductAdded', data: { ...hammer, priceCents: 2450 } } as const);

describe('product decider', () => {
  it('adds a product with its price in cents', () => {
    spec
      .given([])
      .when({ type: 'AddProduct', data: { ...hammer, price: '24.5' } })
      .then([{ type: 'ProductAdded', data: { ...hammer, priceCents: 2450 } }]);
  });

  it('refuses to add a product id twice', () => {
    spec
      .given([added])
      .when({ type: 'AddProduct', data: { ...hammer, price: '1' } })
      .thenRejects('conflict', 'Product p1 already exists');
  });

  it('deletes a product', () => {
    spec
      .given([added])
      .when({ type: 'DeleteProduct', data: { productId: 'p1' } })
      .then([{ type: 'ProductDeleted', data: { productId: 'p1' } }]);
  });

  it('refuses to delete an unknown product', () => {
    spec
      .given([])
      .when({ type: 'DeleteProduct', data: { productId: 'p1' } })
      .thenRejects('not-found', messages.productNotFound);
  });

  it('refuses to delete a product twice', () => {
    spec
      .given([added, fact({ type: 'ProductDeleted', data: { productId: 'p1' } } as const)])
      .when({ type: 'DeleteProduct', data: { productId: 'p1' } })
      .thenRejects('not-found', messages.productNotFound);
  });
});

const deleted = fact({ type: 'ProductDeleted', data: { productId: 'p1' } } as const);
/** An order of `quantity` for p1 by `userId`. */
const placed = (orderId: string, userId: string, quantity: number) => placedOrder({ orderId, userId, quantity, unitPriceCents: 2450 });
/** How it was paid does not matter to the product: an order marked paid before payments said nothing of it. */
const paid = (orderId: string) => fact({ type: 'OrderPaid', data: { orderId, payment: null } } as const);
const cancelled = (orderId: string, userId: string, quantity: number) => cancelledOrder({ orderId, userId, quantity });
const adjusted = (delta: number) => fact({ type: 'StockAdjusted', data: { productId: 'p1', delta, reason: 'restock' } } as const);

/** The Edit Product form as sent: every field but the stock, the price as text. */
const edit = (patch: Partial<typeof hammer & { price: string }> = {}): ProductCommand => {
  const { stock: _stock, ...details } = hammer;
  return { type: 'UpdateProduct', data: { ...details, price: '24.50', ...patch } };
};
const adjust = (quantity: number, reason?: string): ProductCommand => ({
  type: 'AdjustStock',
  data: { productId: 'p1', quantity, reason },
});

describe('product decider: editing', () => {
  it('records only the fields that changed', () => {
    spec
      .given([added])
      .when(edit({ name: 'Claw Hammer 20 oz', description: 'A heavier head for framing work, same fibreglass handle.' }))
      .then([
        {
          type: 'ProductUpdated',
          data: {
            productId: 'p1',
            changes: { name: 'Claw Hammer 20 oz', description: 'A heavier head for framing work, same fibreglass handle.' },
          },
        },
      ]);
  });

  it('compares the price in cents: 24.5 is the same price as 24.50, 24.51 is not', () => {
    spec
      .given([added])
      .when(edit({ price: '24.5' }))
      .then([]);
    spec
      .given([added])
      .when(edit({ price: '24.51' }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceCents: 2451 } } }]);
  });

  it('decides no event for an edit that changes nothing', () => {
    spec.given([added]).when(edit()).then([]);
  });

  it('compares with the product as edited before', () => {
    const renamed = fact({ type: 'ProductUpdated', data: { productId: 'p1', changes: { name: 'Framing Hammer' } } } as const);
    spec
      .given([added, renamed])
      .when(edit({ name: 'Framing Hammer' }))
      .then([]);
    spec
      .given([added, renamed])
      .when(edit())
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { name: 'Claw Hammer' } } }]);
  });

  it('refuses a minimum order above the stock on hand, counting restocks and write-offs', () => {
    spec
      .given([added])
      .when(edit({ minOrder: 121 }))
      .thenRejects('conflict', messages.minOrderAboveStockOnHand(120));
    spec
      .given([added])
      .when(edit({ minOrder: 120 }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { minOrder: 120 } } }]);
    spec
      .given([added, adjusted(30)])
      .when(edit({ minOrder: 150 }))
      .then([expect.objectContaining({ type: 'ProductUpdated' })]);
    spec
      .given([added, adjusted(-100)])
      .when(edit({ minOrder: 21 }))
      .thenRejects('conflict', messages.minOrderAboveStockOnHand(20));
  });

  it('refuses an unknown or deleted product (404)', () => {
    spec.given([]).when(edit()).thenRejects('not-found', messages.productNotFound);
    spec
      .given([added, deleted])
      .when(edit({ name: 'Anything' }))
      .thenRejects('not-found', messages.productNotFound);
  });
});

describe('product decider: the quantity ladder and the pack size', () => {
  /** 10+ at 22.00 each, 50+ at 19.90 each. */
  const ladder = (): PriceTier[] => [
    { minQuantity: 10, unitPriceCents: 2200 },
    { minQuantity: 50, unitPriceCents: 1990 },
  ];
  const laddered = fact({ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceTiers: ladder() } } } as const);
  /** The edit of the spec's client, which knows neither the ladder nor the pack size. */
  const plainEdit = (patch: Partial<typeof hammer & { price: string }> = {}): ProductCommand => {
    const { stock: _stock, priceTiers: _tiers, packSize: _pack, ...details } = hammer;
    return { type: 'UpdateProduct', data: { ...details, price: '24.50', ...patch } };
  };

  it('records a new ladder and pack size', () => {
    spec
      .given([added])
      .when(edit({ priceTiers: ladder(), packSize: 2 }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceTiers: ladder(), packSize: 2 } } }]);
  });

  it('compares the ladder step by step: the same steps are no change, one step’s price is', () => {
    spec
      .given([added, laddered])
      .when(edit({ priceTiers: ladder() }))
      .then([]);
    const cheaper = [ladder()[0]!, { minQuantity: 50, unitPriceCents: 1890 }];
    spec
      .given([added, laddered])
      .when(edit({ priceTiers: cheaper }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceTiers: cheaper } } }]);
    spec
      .given([added, laddered])
      .when(edit({ priceTiers: [] }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceTiers: [] } } }]);
  });

  it('leaves the ladder and the pack size as they are when the edit leaves them out', () => {
    spec
      .given([added, laddered])
      .when(plainEdit({ name: 'Framing Hammer' }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { name: 'Framing Hammer' } } }]);
  });

  it('refuses an edit that raises the minimum order past the ladder’s first step (409)', () => {
    spec
      .given([added, laddered])
      .when(plainEdit({ minOrder: 10 }))
      .thenRejects('conflict', pricingMessages.tierAboveMinOrder(10));
    spec
      .given([added, laddered])
      .when(plainEdit({ minOrder: 9 }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { minOrder: 9 } } }]);
  });

  it('refuses a pack size the minimum order, or a step of the ladder, is not a multiple of (409)', () => {
    spec
      .given([added])
      .when(edit({ packSize: 5 }))
      .thenRejects('conflict', pricingMessages.minOrderPackMultiple(5));
    spec
      .given([added, laddered])
      .when(edit({ priceTiers: ladder(), packSize: 2, minOrder: 4 }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { minOrder: 4, packSize: 2 } } }]);
    spec
      .given([added, laddered])
      .when(edit({ priceTiers: ladder(), packSize: 4, minOrder: 4 }))
      .thenRejects('conflict', pricingMessages.tierPackMultiple(4));
  });

  it('refuses a price lowered to the first step’s, which would then cost no less (409)', () => {
    spec
      .given([added, laddered])
      .when(plainEdit({ price: '22.00' }))
      .thenRejects('conflict', pricingMessages.tiersFalling);
    spec
      .given([added, laddered])
      .when(plainEdit({ price: '22.01' }))
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceCents: 2201 } } }]);
  });

  it('folds the ladder and the pack size into the product', () => {
    const state = [added, laddered, fact({ type: 'ProductUpdated', data: { productId: 'p1', changes: { packSize: 2 } } } as const)].reduce(
      (folded, event) => productDecider.evolve(folded, event),
      productDecider.initialState(),
    );
    expect(state).toMatchObject({ priceTiers: ladder(), packSize: 2, priceCents: 2450 });
  });
});

describe('product decider: restocking and writing off', () => {
  it('records a restock, named so when no reason is given', () => {
    spec
      .given([added])
      .when(adjust(50))
      .then([{ type: 'StockAdjusted', data: { productId: 'p1', delta: 50, reason: 'restock' } }]);
  });

  it('records a write-off, named so when no reason is given, or the admin’s reason', () => {
    spec
      .given([added])
      .when(adjust(-20))
      .then([{ type: 'StockAdjusted', data: { productId: 'p1', delta: -20, reason: 'write-off' } }]);
    spec
      .given([added])
      .when(adjust(-2, 'damaged in the warehouse'))
      .then([{ type: 'StockAdjusted', data: { productId: 'p1', delta: -2, reason: 'damaged in the warehouse' } }]);
  });

  it('never writes off what open orders reserve', () => {
    // 120 on hand, 100 reserved: 20 may go.
    const reserved = [added, placed('o1', 'u1', 50), placed('o2', 'u2', 50)];
    spec.given(reserved).when(adjust(-21)).thenRejects('conflict', messages.stockBelowReserved(20));
    spec
      .given(reserved)
      .when(adjust(-20))
      .then([expect.objectContaining({ type: 'StockAdjusted' })]);
    // A cancellation gives its quantity back: it may be written off then.
    spec
      .given([...reserved, cancelled('o2', 'u2', 50)])
      .when(adjust(-70))
      .then([expect.objectContaining({ data: expect.objectContaining({ delta: -70 }) })]);
  });

  it('refuses an unknown or deleted product (404)', () => {
    spec.given([]).when(adjust(5)).thenRejects('not-found', messages.productNotFound);
    spec.given([added, deleted]).when(adjust(5)).thenRejects('not-found', messages.productNotFound);
  });
});

describe('product state: the fold', () => {
  const fold = (events: ProductFact[]) =>
    events.reduce((state, event) => productDecider.evolve(state, event), productDecider.initialState());

  it('takes an order’s quantity from the available stock and gives a cancelled one’s back; the stock on hand stays', () => {
    expect(fold([added, placed('o1', 'u1', 30)])).toMatchObject({ stock: 120, availableStock: 90 });
    expect(fold([added, placed('o1', 'u1', 30), cancelled('o1', 'u1', 30)])).toMatchObject({ stock: 120, availableStock: 120 });
  });

  it('moves the stock on hand and the available stock by a restock or a write-off', () => {
    expect(fold([added, placed('o1', 'u1', 30), adjusted(40)])).toMatchObject({ stock: 160, availableStock: 130 });
    expect(fold([added, placed('o1', 'u1', 30), adjusted(-40)])).toMatchObject({ stock: 80, availableStock: 50 });
  });

  it('holds what each customer’s unpaid open orders take, until each is paid or cancelled', () => {
    const holding = [added, placed('o1', 'u1', 10), placed('o2', 'u1', 5), placed('o3', 'u2', 7)];
    expect(fold(holding)?.holds.customers()).toEqual(
      new Map([
        ['u1', 15],
        ['u2', 7],
      ]),
    );
    expect(fold([...holding, paid('o1')])?.holds.customers()).toEqual(
      new Map([
        ['u1', 5],
        ['u2', 7],
      ]),
    );
    expect(fold([...holding, cancelled('o3', 'u2', 7)])?.holds.customers()).toEqual(new Map([['u1', 15]]));
  });

  it('releases a paid order’s hold once: its cancellation afterwards gives the stock back and leaves the other holds', () => {
    const state = fold([added, placed('o1', 'u1', 10), placed('o2', 'u1', 5), paid('o1'), cancelled('o1', 'u1', 10)]);
    expect(state?.holds.of('u1')).toBe(5);
    expect(state?.availableStock).toBe(115);
  });

  it('applies an edit’s changes and leaves the rest', () => {
    const state = fold([
      added,
      fact({ type: 'ProductUpdated', data: { productId: 'p1', changes: { priceCents: 1999, minOrder: 3 } } } as const),
    ]);
    expect(state).toMatchObject({ name: 'Claw Hammer', priceCents: 1999, minOrder: 3, stock: 120 });
  });
});
