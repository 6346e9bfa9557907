import { z } from 'zod';
import { ORDER_STATUSES, type OrderDto, type OrderHistoryEntry, type OrderHistoryResponse, type OrderLineDto } from '@toolforge/contracts';

/** One line of an order: its amounts in currency units, as the order's total. */
export const orderLineDtoSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
}) satisfies z.ZodType<OrderLineDto>;

/** Response schemas: fast-json-stringify serialises with them, and no field they do not name leaves. */
export const orderDtoSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  userId: z.string(),
  userName: z.string(),
  orderQuantity: z.number().int(),
  totalCost: z.number(),
  shippingAddress: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment: z.boolean(),
  placedAt: z.string(),
  lines: z.array(orderLineDtoSchema),
  paidWith: z.enum(['card', 'offline']).nullable(),
  paymentReference: z.string().nullable(),
  paymentFailure: z.string().nullable(),
  refunded: z.number(),
  invoiceNumber: z.string().nullable(),
  creditNoteNumbers: z.array(z.string()),
}) satisfies z.ZodType<OrderDto>;

export const orderListSchema = z.array(orderDtoSchema);

/** GET /orders/:id/history: each entry strict, its details plain values only. */
export const orderHistoryEntrySchema = z.strictObject({
  position: z.string(),
  type: z.enum([
    'OrderPlaced',
    'OrderPaid',
    'OrderShipped',
    'OrderDelivered',
    'OrderCancelled',
    'OrderPaymentFailed',
    'PaymentNotApplied',
    'OrderRefunded',
    'InvoiceIssued',
    'CreditNoteIssued',
    'OrderEmailResendRequested',
  ]),
  occurredAt: z.string(),
  actor: z.string().nullable(),
  by: z.enum(['customer', 'admin', 'shop']),
  status: z.enum(ORDER_STATUSES),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
}) satisfies z.ZodType<OrderHistoryEntry>;

export const orderHistorySchema = z.strictObject({
  orderId: z.string(),
  entries: z.array(orderHistoryEntrySchema),
}) satisfies z.ZodType<OrderHistoryResponse>;
