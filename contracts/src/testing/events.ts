import { CURRENT_SCHEMA_VERSION, SHOP_FEATURE_EVENTS } from '../events.js';
import type {
  AdminGranted,
  AdminRevoked,
  CartLineRemoved,
  CartLineSet,
  CreditNoteIssued,
  CustomerForgotten,
  DeadLetterRetried,
  DeadLetterSkipped,
  InvoiceIssued,
  OrderEmail,
  OrderEmailResendRequested,
  EventMeta,
  HeldLine,
  OrderLine,
  OrderCancelled,
  OrderDelivered,
  OrderPaid,
  OrderPaymentFailed,
  OrderRefunded,
  PaymentNotApplied,
  OrderPlaced,
  OrderShipped,
  ProductAdded,
  ProductDeleted,
  ProductUpdated,
  ReviewEdited,
  ReviewPosted,
  ReviewRemoved,
  StockAdjusted,
  ShopEvent,
  UserSignedIn,
  UserSignedOut,
} from '../index.js';
import { tierReached, unitPriceCentsFor } from '../catalog/pricing.js';
import { documentNumber } from '../documents/numbers.js';
import { orderTotals } from '../money.js';
import { formatPosition, type LogPosition } from '../position.js';

/**
 * Events as the command side would decide them, for tests of the read side: every field has a
 * plausible default and a test names only what it is about.
 */
let counter = 0;
const nextId = (prefix: string) => `${prefix}-${(counter += 1).toString().padStart(4, '0')}`;

function meta(overrides: Partial<EventMeta> = {}): EventMeta {
  return {
    eventId: crypto.randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: null,
    commandId: crypto.randomUUID(),
    schemaVersion: CURRENT_SCHEMA_VERSION,
    ...overrides,
  };
}

export function productAdded(data: Partial<ProductAdded['data']> = {}, overrides: Partial<EventMeta> = {}): ProductAdded {
  return {
    type: 'ProductAdded',
    data: {
      productId: nextId('product'),
      name: 'Claw Hammer 16 oz',
      category: 'hand-tool',
      model: 'CH-16',
      imageUrl: '/images/products/claw-hammer.svg',
      priceCents: 24_99,
      stock: 120,
      minOrder: 2,
      description: 'Forged steel head with a fibreglass handle and a rubber grip.',
      priceTiers: [],
      packSize: 1,
      ...data,
    },
    meta: meta(overrides),
  };
}

export function productDeleted(productId: string, overrides: Partial<EventMeta> = {}): ProductDeleted {
  return { type: 'ProductDeleted', data: { productId }, meta: meta(overrides) };
}

/** A product as an order's line names it: its id, name and price (ladder and all, when it has one). */
type OrderedProduct = Pick<ProductAdded['data'], 'productId' | 'name' | 'priceCents'> & Partial<Pick<ProductAdded['data'], 'priceTiers'>>;

/** One line of `quantity` of `product`, at the unit price its quantity reaches. */
export function orderLine(product: OrderedProduct, quantity: number): OrderLine {
  const priced = { priceCents: product.priceCents, priceTiers: product.priceTiers ?? [] };
  const unitPriceCents = unitPriceCentsFor(priced, quantity);
  const tier = tierReached(priced, quantity);
  const line = {
    productId: product.productId,
    productName: product.name,
    quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
  };
  // As the shop records it: the ladder step reached, absent at the base price.
  return tier ? { ...line, tierMinQuantity: tier.minQuantity } : line;
}

/** An order of several `lines`, with the totals the shop's formula gives. */
export function orderPlacedOf(
  lines: readonly OrderLine[],
  data: Partial<OrderPlaced['data']> = {},
  overrides: Partial<EventMeta> = {},
): OrderPlaced {
  const userId = data.userId ?? 'customer-uid';
  const totals = orderTotals(lines.reduce((sum, line) => sum + line.lineTotalCents, 0));
  return {
    type: 'OrderPlaced',
    data: {
      orderId: nextId('order'),
      userId,
      userName: 'Ada Customer',
      lines: [...lines],
      subtotalCents: totals.subtotalCents,
      totalCostCents: totals.totalCostCents,
      shippingAddress: '12 Forge Lane, Sheffield',
      status: 'pending',
      payment: false,
      cartVersion: null,
      ...data,
    },
    meta: meta({ actor: userId, ...overrides }),
  };
}

/** A one-line order for `product` (by default 3 of it), with the total the shop's formula gives. */
export function orderPlaced(
  product: OrderedProduct,
  { quantity = 3, ...data }: Partial<OrderPlaced['data']> & { quantity?: number } = {},
  overrides: Partial<EventMeta> = {},
): OrderPlaced {
  return orderPlacedOf([orderLine(product, quantity)], data, overrides);
}

/**
 * A one-line `order` as schema version 1 wrote it (one product, no lines, meta.schemaVersion 1): what
 * the shop's upcasters read back as `order` itself.
 */
export function writtenInVersion1(order: OrderPlaced): ShopEvent {
  const { lines, subtotalCents: _subtotal, cartVersion: _cartVersion, ...rest } = order.data;
  const [line] = lines;
  if (!line || lines.length > 1) throw new Error('version 1 knew orders of one line only');
  const { lineTotalCents: _lineTotal, ...product } = line;
  return { ...order, data: { ...rest, ...product }, meta: { ...order.meta, schemaVersion: 1 } } as unknown as ShopEvent;
}

export function userSignedIn(data: Partial<UserSignedIn['data']> = {}, overrides: Partial<EventMeta> = {}): UserSignedIn {
  const uid = data.uid ?? nextId('uid');
  return {
    type: 'UserSignedIn',
    data: { uid, email: `${uid}@toolforge.test`, name: 'Ada Customer', photoURL: null, emailVerified: true, ...data },
    meta: meta({ actor: uid, ...overrides }),
  };
}

export function userSignedOut(uid: string, overrides: Partial<EventMeta> = {}): UserSignedOut {
  return { type: 'UserSignedOut', data: { uid }, meta: meta({ actor: uid, ...overrides }) };
}

export function adminGranted(uid: string, email = `${uid}@toolforge.test`, overrides: Partial<EventMeta> = {}): AdminGranted {
  return { type: 'AdminGranted', data: { uid, email, reason: 'granted-by-admin' }, meta: meta(overrides) };
}

/** `actor`: the admin who revoked the role. */
export function adminRevoked(uid: string, email = `${uid}@toolforge.test`, overrides: Partial<EventMeta> = {}): AdminRevoked {
  return { type: 'AdminRevoked', data: { uid, email }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

/** The account `uid` was erased (docs/privacy.md): by its customer unless `by` says the operator. */
export function customerForgotten(
  uid: string,
  by: CustomerForgotten['data']['by'] = 'customer',
  overrides: Partial<EventMeta> = {},
): CustomerForgotten {
  return { type: 'CustomerForgotten', data: { uid, by }, meta: meta({ actor: by === 'customer' ? uid : 'operator:root', ...overrides }) };
}

export function productUpdated(
  productId: string,
  changes: ProductUpdated['data']['changes'],
  overrides: Partial<EventMeta> = {},
): ProductUpdated {
  return { type: 'ProductUpdated', data: { productId, changes }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

export function stockAdjusted(
  productId: string,
  delta: number,
  reason = delta > 0 ? 'restock' : 'write-off',
  overrides: Partial<EventMeta> = {},
): StockAdjusted {
  return { type: 'StockAdjusted', data: { productId, delta, reason }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

/** An admin moved `order` on (paid, shipped or delivered); paid offline, by a bank transfer of its total. */
export function orderMoved(
  order: Pick<OrderPlaced['data'], 'orderId'> & Partial<Pick<OrderPlaced['data'], 'totalCostCents'>>,
  type: 'OrderPaid' | 'OrderShipped' | 'OrderDelivered',
  overrides: Partial<EventMeta> = {},
): OrderPaid | OrderShipped | OrderDelivered {
  const { orderId } = order;
  const on = meta({ actor: 'admin-uid', ...overrides });
  if (type !== 'OrderPaid') return { type, data: { orderId }, meta: on };
  const payment = { method: 'offline', reference: `TRANSFER-${orderId}`, amountCents: order.totalCostCents ?? 0 } as const;
  return { type, data: { orderId, payment }, meta: on };
}

/** The shop appended, on the provider's webhook `providerEventId`, that `order` was paid by card (its total unless `amountCents` says otherwise). */
export function orderPaidByCard(
  order: Pick<OrderPlaced['data'], 'orderId' | 'totalCostCents'>,
  { paymentId = `pi_${order.orderId}`, providerEventId = `evt_paid_${order.orderId}`, amountCents = order.totalCostCents } = {},
  overrides: Partial<EventMeta> = {},
): OrderPaid {
  const payment = { method: 'card', paymentId, amountCents, providerEventId } as const;
  return { type: 'OrderPaid', data: { orderId: order.orderId, payment }, meta: meta({ actor: null, ...overrides }) };
}

/** An attempt to pay `order` failed, as the provider's webhook said. */
export function orderPaymentFailed(
  order: Pick<OrderPlaced['data'], 'orderId'>,
  { paymentId = `pi_${order.orderId}`, reason = 'Your card was declined.', providerEventId = `evt_failed_${order.orderId}` } = {},
  overrides: Partial<EventMeta> = {},
): OrderPaymentFailed {
  const data = { orderId: order.orderId, paymentId, reason, providerEventId };
  return { type: 'OrderPaymentFailed', data, meta: meta({ actor: null, ...overrides }) };
}

/** A payment captured for `order` when it no longer awaited one, owed back. */
export function paymentNotApplied(
  order: Pick<OrderPlaced['data'], 'orderId' | 'totalCostCents'>,
  {
    paymentId = `pi_late_${order.orderId}`,
    because = 'order-cancelled',
    providerEventId = `evt_late_${order.orderId}`,
  }: Partial<PaymentNotApplied['data']> = {},
  overrides: Partial<EventMeta> = {},
): PaymentNotApplied {
  const data = { orderId: order.orderId, paymentId, amountCents: order.totalCostCents, because, providerEventId };
  return { type: 'PaymentNotApplied', data, meta: meta({ actor: null, ...overrides }) };
}

/** The provider refunded `amountCents` of `order`'s payment `paymentId`. */
export function orderRefunded(
  order: Pick<OrderPlaced['data'], 'orderId'>,
  { paymentId, amountCents, refundId = `re_${paymentId}` }: { paymentId: string; amountCents: number; refundId?: string },
  overrides: Partial<EventMeta> = {},
): OrderRefunded {
  const data = { orderId: order.orderId, paymentId, refundId, amountCents };
  return { type: 'OrderRefunded', data, meta: meta({ actor: null, ...overrides }) };
}

/** `order` cancelled, every line's quantity given back; by its customer unless `by` says otherwise (null: expired). */
export function orderCancelled(
  order: Pick<OrderPlaced['data'], 'orderId' | 'userId'> & { readonly lines: readonly HeldLine[] },
  { reason = '', by = 'customer' }: { reason?: string; by?: OrderCancelled['data']['by'] } = {},
  overrides: Partial<EventMeta> = {},
): OrderCancelled {
  const { orderId, userId } = order;
  const lines = order.lines.map(({ productId, quantity }) => ({ productId, quantity }));
  const actor = by === 'customer' ? userId : by === 'admin' ? 'admin-uid' : null;
  return { type: 'OrderCancelled', data: { orderId, userId, lines, reason, by }, meta: meta({ actor, ...overrides }) };
}

/** A review of `product` by a customer who received it (by default customer-uid, four stars). */
export function reviewPosted(
  product: Pick<ProductAdded['data'], 'productId'>,
  data: Partial<ReviewPosted['data']> = {},
  overrides: Partial<EventMeta> = {},
): ReviewPosted {
  const userId = data.userId ?? 'customer-uid';
  return {
    type: 'ReviewPosted',
    data: {
      reviewId: nextId('review'),
      productId: product.productId,
      userId,
      userName: 'Ada Customer',
      rating: 4,
      text: 'Solid tool, does what it says.',
      ...data,
    },
    meta: meta({ actor: userId, ...overrides }),
  };
}

/** Its customer changed `review`'s stars or text. */
export function reviewEdited(
  review: Pick<ReviewPosted['data'], 'reviewId' | 'productId' | 'userId'>,
  change: Partial<Pick<ReviewEdited['data'], 'rating' | 'text'>>,
  overrides: Partial<EventMeta> = {},
): ReviewEdited {
  const { reviewId, productId, userId } = review;
  return {
    type: 'ReviewEdited',
    data: { reviewId, productId, userId, rating: 4, text: 'Solid tool, does what it says.', ...change },
    meta: meta({ actor: userId, ...overrides }),
  };
}

/** An admin took `review` down. */
export function reviewRemoved(
  review: Pick<ReviewPosted['data'], 'reviewId' | 'productId' | 'userId'>,
  reason = 'off-topic',
  overrides: Partial<EventMeta> = {},
): ReviewRemoved {
  const { reviewId, productId, userId } = review;
  return { type: 'ReviewRemoved', data: { reviewId, productId, userId, reason }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

/** `userId` put `quantity` of the product in their cart. */
export function cartLineSet(userId: string, productId: string, quantity: number, overrides: Partial<EventMeta> = {}): CartLineSet {
  return { type: 'CartLineSet', data: { userId, productId, quantity }, meta: meta({ actor: userId, ...overrides }) };
}

/** `userId` took the product out of their cart. */
export function cartLineRemoved(userId: string, productId: string, overrides: Partial<EventMeta> = {}): CartLineRemoved {
  return { type: 'CartLineRemoved', data: { userId, productId }, meta: meta({ actor: userId, ...overrides }) };
}

/** The feature each event type belongs to (events.ts lists them). */
const FEATURE_OF_EVENT = new Map(SHOP_FEATURE_EVENTS.flatMap((feature) => Object.keys(feature.schemas).map((type) => [type, feature])));

/** The aggregate an event belongs to: its stream in the log, named by its feature's stream key. */
export function streamIdOf(event: ShopEvent): string {
  const feature = FEATURE_OF_EVENT.get(event.type);
  if (!feature) throw new Error(`${event.type}: no such event type`);
  return (event.data as Readonly<Record<string, string>>)[feature.streamKey]!;
}

/** The seller the documents' builders issue as. */
export const TEST_SELLER = { name: 'ToolForge Test Works', address: '1 Anvil Road\nSheffield S1 2AB', vatId: 'GB123456789' } as const;

/**
 * The invoice the shop issues for `order` once paid: its `sequence`th of `issuedAt`'s year, for the
 * order's lines and total, paid offline under `reference` unless `payment` says otherwise.
 */
export function invoiceIssued(
  order: OrderPlaced['data'],
  {
    sequence = 1,
    issuedAt = new Date().toISOString(),
    payment = { method: 'offline' as const, reference: `TRANSFER-${order.orderId}` },
  }: { sequence?: number; issuedAt?: string; payment?: InvoiceIssued['data']['payment'] } = {},
  overrides: Partial<EventMeta> = {},
): InvoiceIssued {
  const year = new Date(issuedAt).getUTCFullYear();
  const data: InvoiceIssued['data'] = {
    ...documentBodyOf(order, issuedAt),
    invoiceNumber: documentNumber({ kind: 'invoice', year, sequence }),
    payment,
  };
  return { type: 'InvoiceIssued', data, meta: meta({ actor: null, occurredAt: issuedAt, ...overrides }) };
}

/** The credit note that reverses `invoice` in full: its `sequence`th of `issuedAt`'s year. */
export function creditNoteIssued(
  invoice: InvoiceIssued['data'],
  {
    sequence = 1,
    issuedAt = new Date().toISOString(),
    reason = 'Changed my mind',
  }: { sequence?: number; issuedAt?: string; reason?: string } = {},
  overrides: Partial<EventMeta> = {},
): CreditNoteIssued {
  const year = new Date(issuedAt).getUTCFullYear();
  const { payment: _payment, invoiceNumber, ...body } = invoice;
  const data: CreditNoteIssued['data'] = {
    ...body,
    issuedAt,
    creditNoteNumber: documentNumber({ kind: 'creditNote', year, sequence }),
    invoiceNumber,
    reason,
  };
  return { type: 'CreditNoteIssued', data, meta: meta({ actor: null, occurredAt: issuedAt, ...overrides }) };
}

/** An admin asked for one of the order's e-mails to be sent again. */
export function orderEmailResendRequested(
  orderId: string,
  email: OrderEmail,
  overrides: Partial<EventMeta> = {},
): OrderEmailResendRequested {
  return { type: 'OrderEmailResendRequested', data: { orderId, email }, meta: meta({ actor: 'admin-uid', ...overrides }) };
}

/** An admin's decision about the dead letter at `letter`: its event's type, who (admin-uid) and why. */
function deadLetterDecision(letter: LogPosition, eventType: string, reason: string) {
  return { letter: formatPosition(letter), ...letter, eventType, by: 'admin-uid', reason };
}

/** An admin had a dead letter's event applied again. */
export function deadLetterRetried(letter: LogPosition, eventType: string, reason = 'the refusal is fixed'): DeadLetterRetried {
  return { type: 'DeadLetterRetried', data: deadLetterDecision(letter, eventType, reason), meta: meta({ actor: 'admin-uid' }) };
}

/** An admin dropped a dead letter: its event stays out of the read model. */
export function deadLetterSkipped(letter: LogPosition, eventType: string, reason = 'not needed in the read model'): DeadLetterSkipped {
  return { type: 'DeadLetterSkipped', data: deadLetterDecision(letter, eventType, reason), meta: meta({ actor: 'admin-uid' }) };
}

function documentBodyOf(order: OrderPlaced['data'], issuedAt: string) {
  const totals = orderTotals(order.subtotalCents);
  return {
    orderId: order.orderId,
    issuedAt,
    seller: { ...TEST_SELLER },
    buyer: { userId: order.userId, name: order.userName, address: order.shippingAddress },
    lines: order.lines.map(({ tierMinQuantity, ...line }) => ({ ...line, tierMinQuantity: tierMinQuantity ?? null })),
    subtotalCents: totals.subtotalCents,
    surchargeCents: totals.surchargeCents,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCostCents,
  };
}
