import type { ShopEvent, ShopEventType } from './events.js';
import { FORMER_CUSTOMER } from './privacy/privacy.js';

/**
 * Which values of the events' data are personal data: what names, reaches or describes a person
 * (a name, an e-mail address, a postal address, a photo, and what a customer wrote in their own
 * words, which may say anything about them). The analysts' export leaves them out unless asked
 * (`toolforge events export`, docs/operators.md), and crypto-shredding encrypts them per customer.
 *
 * What stays in clear, on purpose:
 * - the shop's own ids of people (`uid`, `userId`, `buyer.userId`, meta's `actor`): pseudonyms, which
 *   name nobody once the values below are gone, and which the audit's totals per customer, and the
 *   order of a person's events, need;
 * - the figures, products and dates the audits reconcile to the cent, and payment references (the
 *   provider's ids, an offline transfer's reference: what the bank statement and the provider's
 *   ledger are matched on);
 * - what the shop's staff or the payment provider wrote (a restock's reason, a review's removal,
 *   a declined card's message), which is about stock, reviews and payments, not about a customer.
 *
 * Every event type has an entry (an empty one: none of its values is personal), so a new event
 * type does not compile until someone has decided; contracts' spec checks the same at run time.
 */
export type PersonalData = { readonly [Event in ShopEvent as Event['type']]: readonly FieldPath<Event['data']>[] };

/**
 * A field of an event's data as a dotted path (`buyer.name`), checked against the data's type. Arrays
 * are not entered: no event holds personal data in a list (an order's lines name products).
 */
export type FieldPath<Data> = Data extends readonly unknown[]
  ? never
  : Data extends object
    ? { [Key in keyof Data & string]: Key | `${Key}.${FieldPath<NonNullable<Data[Key]>>}` }[keyof Data & string]
    : never;

export const PERSONAL_DATA = {
  // catalog.products: the catalogue, and the admins' notes on stock.
  ProductAdded: [],
  ProductDeleted: [],
  ProductUpdated: [],
  StockAdjusted: [],

  // sales.orders: the customer's name and where the goods go; a cancellation's reason may be the customer's own words.
  OrderPlaced: ['userName', 'shippingAddress'],
  OrderPaid: [],
  OrderShipped: [],
  OrderDelivered: [],
  OrderCancelled: ['reason'],
  OrderPaymentFailed: [],
  PaymentNotApplied: [],
  OrderRefunded: [],
  // The documents' buyer block (its userId stays); a credit note carries its cancellation's reason.
  InvoiceIssued: ['buyer.name', 'buyer.address'],
  CreditNoteIssued: ['buyer.name', 'buyer.address', 'reason'],
  // `email` names which of the order's e-mails is sent again (placed, paid…), not an address.
  OrderEmailResendRequested: [],

  // identity.users: the account as the identity provider describes it.
  UserSignedIn: ['email', 'name', 'photoURL'],
  UserSignedOut: [],
  AdminGranted: ['email'],
  AdminRevoked: ['email'],
  CustomerForgotten: [],

  // catalog.reviews: the author's name as shown, and what they wrote.
  ReviewPosted: ['userName', 'text'],
  ReviewEdited: ['text'],
  ReviewRemoved: [],

  // sales.carts: products and quantities.
  CartLineSet: [],
  CartLineRemoved: [],

  // toolforge.operations: an admin's decision about a dead letter. `reason` is the admin's own words,
  // but about the read model and an event that would not project, written at work as a restock's
  // reason is, not about a customer; `by` is the admin's uid, a pseudonym as every actor is.
  DeadLetterRetried: [],
  DeadLetterSkipped: [],
} as const satisfies PersonalData;

/** The personal fields of an event type; undefined for a type this build does not know (a newer ToolForge's). */
export function personalFieldsOf(type: string): readonly string[] | undefined {
  return Object.hasOwn(PERSONAL_DATA, type) ? PERSONAL_DATA[type as ShopEventType] : undefined;
}

/**
 * An event's data with each personal value replaced by `replace(value, path)`, everything else as it
 * was: a new object, the data given is left untouched. A field the data lacks (optional, or under a
 * null block) stays absent. Throws for a type this build does not know.
 */
export function mapPersonalData(type: string, data: unknown, replace: (value: unknown, path: string) => unknown): unknown {
  const paths = personalFieldsOf(type);
  if (paths === undefined) throw new Error(`${type}: no such event type, so its personal data is not known`);
  let mapped = data;
  for (const path of paths) mapped = replaceAt(mapped, path.split('.'), (value) => replace(value, path));
  return mapped;
}

/**
 * `data` with each personal value null, its key kept (an export's columns are the same with or
 * without them). Null for a type this build does not know: none of its data is known not to be personal.
 */
export function withoutPersonalData(type: string, data: unknown): unknown {
  return personalFieldsOf(type) === undefined ? null : mapPersonalData(type, data, () => null);
}

function replaceAt(node: unknown, [key, ...rest]: readonly string[], replace: (value: unknown) => unknown): unknown {
  if (key === undefined || typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, key)) return node;
  const record = node as Readonly<Record<string, unknown>>;
  return { ...record, [key]: rest.length === 0 ? replace(record[key]) : replaceAt(record[key], rest, replace) };
}

/**
 * Which of a customer's data keys seals an event's personal values (docs/privacy.md): `invoices` for an
 * issued document's buyer block, which the law has the shop keep for INVOICE_RETENTION_YEARS after an
 * erasure, `personal` for every other. An erasure destroys the personal key at once.
 */
export type DataKeyPurpose = 'personal' | 'invoices';

/** The customer whose personal data an event holds, and which of their keys seals it. */
export interface DataKeyRef {
  readonly uid: string;
  readonly purpose: DataKeyPurpose;
}

const KEPT_FOR_RETENTION: ReadonlySet<string> = new Set(['InvoiceIssued', 'CreditNoteIssued']);

/**
 * Whose personal data `data` holds: every event with personal values names its customer, as `uid` (an
 * account's own events), `userId` (orders, reviews) or `buyer.userId` (documents). Undefined for an event
 * without personal values, or one that names nobody (none does: contracts' spec checks every type).
 */
export function dataKeyOf(type: string, data: unknown): DataKeyRef | undefined {
  const paths = personalFieldsOf(type);
  if (paths === undefined || paths.length === 0 || typeof data !== 'object' || data === null) return undefined;
  const record = data as { uid?: unknown; userId?: unknown; buyer?: { userId?: unknown } | null };
  const uid = record.uid ?? record.userId ?? record.buyer?.userId;
  if (typeof uid !== 'string') return undefined;
  return { uid, purpose: KEPT_FOR_RETENTION.has(type) ? 'invoices' : 'personal' };
}

/**
 * What a personal value reads as once its key is destroyed, and what the read model puts in its place
 * at the erasure (the same, so that a read model built again after it is the one kept): a name reads
 * "Former customer", a photo none, anything else (an address, an e-mail, words) empty.
 */
export function forgottenValue(path: string): string | null {
  const field = path.slice(path.lastIndexOf('.') + 1);
  if (field === 'photoURL') return null;
  return field === 'name' || field === 'userName' ? FORMER_CUSTOMER : '';
}

/**
 * An event's data as it reads once the key sealing its personal values is destroyed: each of them as
 * forgottenValue(path), everything else as it was. What those who keep a copy of an erased customer's
 * events beside the log (the e-mails' outbox, the projection's dead letters) put in its place.
 */
export function forgottenData<Data>(type: string, data: Data): Data {
  return mapPersonalData(type, data, (_value, path) => forgottenValue(path)) as Data;
}
