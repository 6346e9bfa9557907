import { describe, it } from 'vitest';
import {
  LIMITS,
  cartMessages,
  messages,
  orderTotals,
  pricingMessages,
  type CartLineRemoved,
  type CartLineSet,
  type OrderLine,
  type OrderPlaced,
  type ProductAdded,
} from '@toolforge/contracts';
import {
  cartLineRemoved,
  cartLineSet,
  orderLine,
  orderPlaced,
  orderPlacedOf,
  productAdded,
  productDeleted,
  productUpdated,
} from '@toolforge/contracts/testing';
import type { Decided } from '../shared/decider.js';
import { atCartVersions } from '../test/cartVersions.js';
import { deciderSpec } from '../test/deciderSpec.js';
import { cartDecider, type CartDecisionFact, type Checkout, type SetCartLine } from './decide.js';

// A cart is decided on the customer's cart and the products as they stand: the Given events are both
// histories, each customer's cart events at their versions of the cart's stream, as the write model has them.
const decider = deciderSpec(cartDecider);
const spec = {
  given: (facts: readonly (CartDecisionFact | Decided<CartLineSet | CartLineRemoved>)[]) => decider.given(atCartVersions(facts)),
};

const customer = { userId: 'u1', verified: true, unverifiedHeld: () => 0 };

/** 24.99, from 10 on 19.99 each: stock 120, minimum order 2. */
const hammer = productAdded({ productId: 'hammer', name: 'Claw Hammer', priceTiers: [{ minQuantity: 10, unitPriceCents: 19_99 }] });
/** 12.00 in packs of 5: stock 40, minimum order 5. */
const screws = productAdded({ productId: 'screws', name: 'Wood Screws', priceCents: 12_00, stock: 40, minOrder: 5, packSize: 5 });
/** 30.00: stock 6, minimum order 1. */
const saw = productAdded({ productId: 'saw', name: 'Hand Saw', priceCents: 30_00, stock: 6, minOrder: 1 });

const setLine = (productId: string, quantity: number, orderer: Partial<SetCartLine['data']> = {}): SetCartLine => ({
  type: 'SetCartLine',
  data: { ...customer, productId, quantity, ...orderer },
});

const checkout = (data: Partial<Checkout['data']> = {}): Checkout => ({
  type: 'Checkout',
  data: { ...customer, orderId: 'o1', userName: 'Ada', shippingAddress: '1 Forge Lane', ...data },
});

/**
 * The order a checkout of `lines` places, every line at the unit price its quantity reaches, emptying
 * the cart up to `cartVersion` (by default a cart whose every event set one of the lines).
 */
function checkedOut(lines: OrderLine[], cartVersion = lines.length): Decided<OrderPlaced> {
  const { subtotalCents, totalCostCents } = orderTotals(lines.reduce((sum, line) => sum + line.lineTotalCents, 0));
  return {
    type: 'OrderPlaced',
    data: {
      orderId: 'o1',
      userId: 'u1',
      userName: 'Ada',
      lines,
      subtotalCents,
      totalCostCents,
      shippingAddress: '1 Forge Lane',
      status: 'pending',
      payment: false,
      cartVersion,
    },
  };
}

/** `count` listed products, p0 to p(count - 1), each 1.00 with stock 10 and minimum order 1. */
const manyProducts = (count: number): ProductAdded[] =>
  Array.from({ length: count }, (_, index) =>
    productAdded({ productId: `p${index}`, name: `Tool ${index}`, priceCents: 1_00, stock: 10, minOrder: 1 }),
  );

describe('cart decider: the customer sets a line', () => {
  it('puts a listed product in the cart, and changes how many of it', () => {
    spec
      .given([hammer])
      .when(setLine('hammer', 4))
      .then([{ type: 'CartLineSet', data: { userId: 'u1', productId: 'hammer', quantity: 4 } }]);
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 4)])
      .when(setLine('hammer', 12))
      .then([{ type: 'CartLineSet', data: { userId: 'u1', productId: 'hammer', quantity: 12 } }]);
  });

  it('decides nothing for the quantity the line already has', () => {
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 4)])
      .when(setLine('hammer', 4))
      .then([]);
  });

  it('refuses a product the shop never had, and one deleted since, as not found (404)', () => {
    spec.given([hammer]).when(setLine('no-such-product', 4)).thenRejects('not-found', messages.productNotFound);
    spec
      .given([hammer, productDeleted('hammer')])
      .when(setLine('hammer', 4))
      .thenRejects('not-found', messages.productNotFound);
  });

  it('keeps the rules of an order’s line: the minimum order, whole packs, the stock and the customer’s share (409)', () => {
    spec.given([hammer]).when(setLine('hammer', 1)).thenRejects('conflict', 'Minimum order quantity is 2');
    spec.given([screws]).when(setLine('screws', 7)).thenRejects('conflict', pricingMessages.packSizeMultiple(5));
    spec
      .given([screws])
      .when(setLine('screws', 10))
      .then([{ type: 'CartLineSet', data: { userId: 'u1', productId: 'screws', quantity: 10 } }]);
    // Stock 6, another customer holds 4: 2 are left.
    spec
      .given([saw, orderPlaced(saw.data, { quantity: 4, userId: 'u0' })])
      .when(setLine('saw', 3))
      .thenRejects('conflict', 'Maximum order quantity is 2');
  });

  it('holds at most 50 products: a 51st is refused, a line already in a full cart still changes', () => {
    const products = manyProducts(LIMITS.cartLines + 1);
    const fullCart = products.slice(0, LIMITS.cartLines).map((product) => cartLineSet('u1', product.data.productId, 1));
    spec
      .given([...products, ...fullCart])
      .when(setLine(`p${LIMITS.cartLines}`, 1))
      .thenRejects('conflict', cartMessages.cartFull);
    spec
      .given([...products, ...fullCart])
      .when(setLine('p0', 2))
      .then([{ type: 'CartLineSet', data: { userId: 'u1', productId: 'p0', quantity: 2 } }]);
  });
});

describe('cart decider: the customer removes a line', () => {
  it('takes a line out of the cart', () => {
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 4)])
      .when({ type: 'RemoveCartLine', data: { userId: 'u1', productId: 'hammer' } })
      .then([{ type: 'CartLineRemoved', data: { userId: 'u1', productId: 'hammer' } }]);
  });

  it('decides nothing for a line the cart does not hold: removed before, or ordered since', () => {
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 4), cartLineRemoved('u1', 'hammer')])
      .when({ type: 'RemoveCartLine', data: { userId: 'u1', productId: 'hammer' } })
      .then([]);
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 4), orderPlaced(hammer.data, { quantity: 4, userId: 'u1', cartVersion: 1 })])
      .when({ type: 'RemoveCartLine', data: { userId: 'u1', productId: 'hammer' } })
      .then([]);
  });
});

describe('cart decider: the customer checks out', () => {
  it('places one order of every line, in the cart’s order, each at the price its quantity reaches, with the order’s totals', () => {
    spec
      .given([hammer, screws, saw, cartLineSet('u1', 'saw', 2), cartLineSet('u1', 'hammer', 12), cartLineSet('u1', 'screws', 10)])
      .when(checkout())
      .then([checkedOut([orderLine(saw.data, 2), orderLine(hammer.data, 12), orderLine(screws.data, 10)])]);
  });

  it('prices the ladder: 10 hammers at 19.99 each, 9 at 24.99', () => {
    // 10 x 19.99 = 199.90, + 10.00 (5 %, rounded half up), + 50.00
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 10)])
      .when(checkout())
      .then([
        checkedOut([
          {
            productId: 'hammer',
            productName: 'Claw Hammer',
            quantity: 10,
            unitPriceCents: 19_99,
            tierMinQuantity: 10,
            lineTotalCents: 199_90,
          },
        ]),
      ]);
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 9)])
      .when(checkout())
      .then([
        checkedOut([{ productId: 'hammer', productName: 'Claw Hammer', quantity: 9, unitPriceCents: 24_99, lineTotalCents: 224_91 }]),
      ]);
  });

  it('checks out a full cart of 50 lines as one order', () => {
    const products = manyProducts(LIMITS.cartLines);
    spec
      .given([...products, ...products.map((product) => cartLineSet('u1', product.data.productId, 1))])
      .when(checkout())
      .then([checkedOut(products.map((product) => orderLine(product.data, 1)))]);
  });

  it('refuses an empty cart (400), also once a checkout has emptied it', () => {
    spec.given([hammer]).when(checkout()).thenRejects('bad-request', cartMessages.cartEmpty);
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 4), orderPlacedOf([orderLine(hammer.data, 4)], { userId: 'u1', cartVersion: 1 })])
      .when(checkout())
      .thenRejects('bad-request', cartMessages.cartEmpty);
  });

  it('names the cart’s version it empties: the position of the cart’s last event, a removal included', () => {
    spec
      .given([hammer, saw, cartLineSet('u1', 'hammer', 4), cartLineSet('u1', 'saw', 1), cartLineRemoved('u1', 'saw')])
      .when(checkout())
      .then([checkedOut([orderLine(hammer.data, 4)], 3)]);
  });

  it('orders only the lines set after the last checkout’s version, wherever the model read that checkout (a start reads topic by topic)', () => {
    const before = [cartLineSet('u1', 'hammer', 4), cartLineSet('u1', 'saw', 1)];
    const last = orderPlacedOf([orderLine(hammer.data, 4), orderLine(saw.data, 1)], { userId: 'u1', cartVersion: 2 });
    // Versions 3 and 4: the screws went in after the checkout of version 2, the hammer came back.
    const after = [cartLineSet('u1', 'screws', 10), cartLineSet('u1', 'hammer', 12)];
    const products = [hammer, saw, screws];
    const expected = checkedOut([orderLine(screws.data, 10), orderLine(hammer.data, 12)], 4);
    spec
      .given([...products, ...before, last, ...after])
      .when(checkout())
      .then([expected]);
    spec
      .given([...products, last, ...before, ...after])
      .when(checkout())
      .then([expected]);
    spec
      .given([...products, ...before, ...after, last])
      .when(checkout())
      .then([expected]);
  });

  it('keeps the lines an order placed without the cart did not empty', () => {
    spec
      .given([hammer, cartLineSet('u1', 'hammer', 4), orderPlaced(hammer.data, { quantity: 2, userId: 'u1', cartVersion: null })])
      .when(checkout())
      .then([checkedOut([orderLine(hammer.data, 4)])]);
  });

  it('refuses the whole checkout for the first line refused now, naming its product: all lines or none (409)', () => {
    const cart = [hammer, screws, saw, cartLineSet('u1', 'hammer', 4), cartLineSet('u1', 'saw', 3), cartLineSet('u1', 'screws', 10)];
    // Another customer took 4 of the 6 saws since they went into the cart.
    spec
      .given([...cart, orderPlaced(saw.data, { quantity: 4, userId: 'u0' })])
      .when(checkout())
      .thenRejects('conflict', cartMessages.lineRefused('Hand Saw', messages.maxOrderQuantity(2)));
    // The saw deleted since.
    spec
      .given([...cart, productDeleted('saw')])
      .when(checkout())
      .thenRejects('conflict', cartMessages.lineRefused('Hand Saw', messages.productUnavailable));
    // The screws come in packs of 4 since.
    spec
      .given([...cart, productUpdated('screws', { packSize: 4, minOrder: 4 })])
      .when(checkout())
      .thenRejects('conflict', cartMessages.lineRefused('Wood Screws', pricingMessages.packSizeMultiple(4)));
  });

  it('bounds an unverified customer by what unverified accounts may hold together, naming the line', () => {
    // Stock 6: unverified accounts may hold 1 (a fifth, at least the minimum order); 1 is held already.
    spec
      .given([saw, cartLineSet('u1', 'saw', 1)])
      .when(checkout({ verified: false, unverifiedHeld: () => 1 }))
      .thenRejects('conflict', cartMessages.lineRefused('Hand Saw', messages.verifyEmailToOrderMore(0)));
  });

  it('refuses lines that come to more than an order may (409)', () => {
    const dear = (productId: string) =>
      productAdded({ productId, name: `Lathe ${productId}`, priceCents: LIMITS.maxPriceCents, stock: 200_000, minOrder: 1 });
    // Each line 60,000 x 9,999,999.99 is within the bound; the two together are not.
    spec
      .given([dear('l1'), dear('l2'), cartLineSet('u1', 'l1', 60_000), cartLineSet('u1', 'l2', 60_000)])
      .when(checkout())
      .thenRejects('conflict', cartMessages.orderTooLarge);
    spec
      .given([dear('l1'), cartLineSet('u1', 'l1', 60_000)])
      .when(checkout())
      .then([checkedOut([orderLine(dear('l1').data, 60_000)])]);
  });
});
