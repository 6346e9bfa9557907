import { z } from 'zod';
import type { ApiTag } from '../apiTags.js';
import { LIMITS } from '../constants.js';
import { unitPriceCentsFor, type Priced } from '../catalog/pricing.js';
import { fromCents, orderTotals, type Cents, type OrderTotals } from '../money.js';
import { identifier } from '../schemas/fields.js';
import { orderQuantity, shippingAddressSchema } from '../schemas/order.js';

export const CART_TAG: ApiTag = {
  name: 'Cart',
  description: "The signed-in customer's cart, and its checkout into one order of every line.",
};

/** The cart's own texts, beside its rules; the quantity rules' texts are the order page's (messages.ts). */
export const cartMessages = {
  cartFull: `A cart holds at most ${LIMITS.cartLines} products`,
  cartEmpty: 'Your cart is empty',
  orderTooLarge: 'An order may come to at most 999999999999.99 before the surcharge and shipping',
  /** A checkout refused for one of its lines: the line's product, then why. */
  lineRefused: (productName: string, why: string) => `${productName}: ${why}`,
} as const;

/** PUT /cart/lines/:productId: how many of the product the cart holds from now on. */
export const cartLineSchema = z.strictObject({ quantity: orderQuantity });
export type CartLineCommand = z.output<typeof cartLineSchema>;
/** PUT and DELETE /cart/lines/:productId: the product the line is of. */
export const cartLineParamsSchema = z.strictObject({ productId: identifier('productId', LIMITS.productId) });

/** POST /checkout: where to ship the order of every line of the cart. */
export const checkoutSchema = z.strictObject({ shippingAddress: shippingAddressSchema });
export type CheckoutCommand = z.output<typeof checkoutSchema>;

/** A line as the cart keeps it: a product and how many. */
export interface CartLine {
  readonly productId: string;
  readonly quantity: number;
}

/** What pricing a line needs of its product as it stands now. */
export interface CartProduct extends Priced {
  readonly name: string;
  /** The units that can be ordered now: 0 for a product deleted since it went into the cart. */
  readonly available: number;
}

/** A line of the cart, priced. */
export interface PricedCartLine extends CartLine {
  readonly productName: string;
  readonly unitPriceCents: Cents;
  readonly lineTotalCents: Cents;
  readonly available: number;
}

/** The cart, each line at the unit price its quantity reaches, and the order it would be. */
export interface PricedCart {
  readonly lines: readonly PricedCartLine[];
  readonly totals: OrderTotals;
}

/** An empty cart costs nothing: no order, no flat fee. */
const NOTHING: OrderTotals = { subtotalCents: 0, surchargeCents: 0, shippingCents: 0, totalCostCents: 0 };

/**
 * The cart priced as the server prices it, on both sides (the command side's answer to a change,
 * the query side's GET /cart): each line at its tier's unit price x quantity, the order's formula
 * over their sum. A line whose product is gone is priced at nothing and shows 0 available.
 */
export function priceCart(lines: readonly CartLine[], productOf: (productId: string) => CartProduct | undefined): PricedCart {
  const priced = lines.map((line): PricedCartLine => {
    const product = productOf(line.productId);
    const unitPriceCents = product ? unitPriceCentsFor(product, line.quantity) : 0;
    return {
      ...line,
      productName: product?.name ?? '',
      unitPriceCents,
      lineTotalCents: unitPriceCents * line.quantity,
      available: product?.available ?? 0,
    };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return { lines: priced, totals: priced.length === 0 ? NOTHING : orderTotals(subtotal) };
}

/** GET /cart, and the answer to every change of it (amounts with two decimals, as the API's prices). */
export const cartDtoSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      lineTotal: z.number(),
      /** The units of the product that can be ordered now. */
      available: z.number().int(),
    }),
  ),
  subtotal: z.number(),
  surcharge: z.number(),
  shipping: z.number(),
  totalCost: z.number(),
});
export type CartDto = z.output<typeof cartDtoSchema>;
/**
 * The command side's answer to a change of the cart, acknowledged as every command's is: the cart as
 * it is now, and where the change is in the log (none when it changed nothing).
 */
export const cartChangeSchema = cartDtoSchema.extend({ acknowledged: z.literal(true), position: z.string().optional() });
export type CartChange = z.output<typeof cartChangeSchema>;

export function toCartDto(cart: PricedCart): CartDto {
  const { totals } = cart;
  return {
    lines: cart.lines.map(({ productId, productName, quantity, unitPriceCents, lineTotalCents, available }) => ({
      productId,
      productName,
      quantity,
      unitPrice: fromCents(unitPriceCents),
      lineTotal: fromCents(lineTotalCents),
      available,
    })),
    subtotal: fromCents(totals.subtotalCents),
    surcharge: fromCents(totals.surchargeCents),
    shipping: fromCents(totals.shippingCents),
    totalCost: fromCents(totals.totalCostCents),
  };
}
