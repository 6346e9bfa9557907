import { z } from 'zod';
import type { OrderDto } from '@toolforge/contracts';

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
  status: z.string(),
  payment: z.boolean(),
  placedAt: z.string(),
}) satisfies z.ZodType<OrderDto>;

export const orderListSchema = z.array(orderDtoSchema);
