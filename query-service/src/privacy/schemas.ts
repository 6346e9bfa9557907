import { z } from 'zod';
import type { MyDataResponse, SentEmailDto } from '@toolforge/contracts';
import { orderDtoSchema } from '../orders/schemas.js';
import { reviewDtoSchema } from '../reviews/schemas.js';

/** Response schemas: fast-json-stringify serialises with them, and no field they do not name leaves. */
export const sentEmailSchema = z.strictObject({
  kind: z.string(),
  orderId: z.string(),
  to: z.string(),
  subject: z.string(),
  state: z.string(),
  decidedAt: z.string(),
  sentAt: z.string().nullable(),
}) satisfies z.ZodType<SentEmailDto>;

export const myDataSchema = z.strictObject({
  exportedAt: z.string(),
  profile: z
    .strictObject({
      uid: z.string(),
      email: z.string(),
      name: z.string(),
      photoURL: z.string().nullable(),
      emailVerified: z.boolean(),
      admin: z.boolean(),
    })
    .nullable(),
  orders: z.array(orderDtoSchema),
  reviews: z.array(reviewDtoSchema),
  emails: z.array(sentEmailSchema),
}) satisfies z.ZodType<MyDataResponse>;
