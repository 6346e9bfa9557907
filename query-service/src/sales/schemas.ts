import { z } from 'zod';
import { ORDER_STATUSES, PRODUCT_CATEGORIES, type SalesReport } from '@toolforge/contracts';

/** The sales report's response schema: fast-json-stringify serialises with it, and no field it does not name leaves. */
const cents = z.number().int();
const count = z.number().int();
const totals = { orders: count, quantity: count, revenueCents: cents };

export const salesReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  totals: z.strictObject(totals),
  paidCents: cents,
  refundedCents: cents,
  byDay: z.array(z.strictObject({ day: z.string(), ...totals, paidCents: cents })),
  byStatus: z.array(z.strictObject({ status: z.enum(ORDER_STATUSES), orders: count, revenueCents: cents })),
  byCategory: z.array(z.strictObject({ category: z.enum(PRODUCT_CATEGORIES).nullable(), quantity: count, revenueCents: cents })),
  topProducts: z.array(z.strictObject({ productId: z.string(), name: z.string().nullable(), ...totals })),
  topCustomers: z.array(z.strictObject({ userId: z.string(), name: z.string().nullable(), orders: count, revenueCents: cents })),
  lowStock: z.array(z.strictObject({ productId: z.string(), name: z.string(), stock: count, reserved: count, available: count })),
}) satisfies z.ZodType<SalesReport>;
