import type { EventMeta } from './eventDefinition.js';
import type { ShopEventType } from './events.js';

/** Turns one event type's data from the shape of a schema version into the shape of the next version. */
export type Upcaster = (data: Readonly<Record<string, unknown>>, meta: EventMeta) => Record<string, unknown>;

/**
 * The upgrades each event type needs, keyed by the schema version an upgrade starts from. The
 * schema version is one number for every type, so a type whose shape did not change at a version
 * has no upcaster for it: raising CURRENT_SCHEMA_VERSION for a change to OrderPlaced needs an
 * OrderPlaced upcaster from the previous version, and nothing for the other types.
 */
export type Upcasters = Readonly<Partial<Record<ShopEventType, Readonly<Record<number, Upcaster>>>>>;

/** A field an upcaster needs of the old shape: a value it cannot read makes the event unreadable (the log's adapters say why). */
function field<Value>(data: Readonly<Record<string, unknown>>, name: string, is: (value: unknown) => value is Value): Value {
  const value = data[name];
  if (!is(value)) throw new Error(`its ${name} is ${JSON.stringify(value) ?? 'missing'}`);
  return value;
}
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The shop's own upgrades, applied by every log adapter as it reads (platform's `upcast`), so that
 * every reader sees today's shapes:
 * - version 1 → 2, when orders got lines: an order of version 1 is one line of its product, its
 *   subtotal the unit price x quantity, never from a cart (`cartVersion` null); its cancellation gives back that line;
 *   a product of version 1 has no ladder and comes in units of one;
 * - version 2 → 3, when the shop took payments: an order paid before says nothing of how (`payment` null).
 */
export const SHOP_UPCASTERS: Upcasters = {
  OrderPlaced: {
    1: (data) => {
      const line = {
        productId: field(data, 'productId', isText),
        productName: field(data, 'productName', isText),
        quantity: field(data, 'quantity', isCount),
        unitPriceCents: field(data, 'unitPriceCents', isCount),
      };
      const subtotalCents = line.unitPriceCents * line.quantity;
      const order = without(data, Object.keys(line));
      return { ...order, lines: [{ ...line, lineTotalCents: subtotalCents }], subtotalCents, cartVersion: null };
    },
  },
  OrderCancelled: {
    1: (data) => {
      const line = { productId: field(data, 'productId', isText), quantity: field(data, 'quantity', isCount) };
      return { ...without(data, Object.keys(line)), lines: [line] };
    },
  },
  OrderPaid: {
    2: (data) => ({ ...data, payment: null }),
  },
  ProductAdded: {
    1: (data) => ({ ...data, priceTiers: [], packSize: 1 }),
  },
};

/** The data but the fields a version moved elsewhere. */
function without(data: Readonly<Record<string, unknown>>, moved: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !moved.includes(name)));
}
