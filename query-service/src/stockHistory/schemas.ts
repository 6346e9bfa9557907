import { z } from 'zod';
import { STOCK_CHANGE_TYPES, type StockChangeDto, type StockHistoryResponse } from '@toolforge/contracts';

/** Response schemas: fast-json-stringify serialises with them, and no field they do not name leaves. */
export const stockChangeSchema = z.strictObject({
  position: z.string(),
  type: z.enum(STOCK_CHANGE_TYPES),
  eventId: z.string().nullable(),
  occurredAt: z.string(),
  onHandDelta: z.number().int(),
  reservedDelta: z.number().int(),
  onHandAfter: z.number().int(),
  reservedAfter: z.number().int(),
  orderId: z.string().nullable(),
}) satisfies z.ZodType<StockChangeDto>;

export const stockHistorySchema = z.strictObject({
  total: z.number().int(),
  changes: z.array(stockChangeSchema),
}) satisfies z.ZodType<StockHistoryResponse>;
