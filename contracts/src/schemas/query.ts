import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';

const pageMessage = 'page should be a whole number from 0';
const sizeMessage = `size should be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** GET /products and /allorders paging (SPEC §4, §9): page from 0, size 1 to 100. */
export const pageQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^\d{1,9}$/, pageMessage)
    .transform(Number)
    .default(0),
  size: z
    .string()
    .regex(/^\d{1,3}$/, sizeMessage)
    .transform(Number)
    .pipe(z.number().min(1, sizeMessage).max(MAX_PAGE_SIZE, sizeMessage))
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export const uidParamsSchema = z.strictObject({ uid: z.string().min(1).max(128) });
