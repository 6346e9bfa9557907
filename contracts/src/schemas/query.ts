import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LIMITS, MAX_PAGE_SIZE } from '../constants.js';
import { identifier } from './fields.js';

const pageMessage = 'page should be a whole number from 0';
const sizeMessage = `size should be a whole number from 1 to ${MAX_PAGE_SIZE}`;

const page = z
  .string()
  .regex(/^\d{1,9}$/, pageMessage)
  .transform(Number);
const size = z
  .string()
  .regex(/^\d{1,3}$/, sizeMessage)
  .transform(Number)
  .pipe(z.number().min(1, sizeMessage).max(MAX_PAGE_SIZE, sizeMessage));

/** GET /products paging: page from 0, size 1 to MAX_PAGE_SIZE. */
export const pageQuerySchema = z.strictObject({
  page: page.default(0),
  size: size.default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/**
 * GET /allorders: the spec's call has no paging and shows every order; a client may page it with
 * the same rules as /products. Without page and size, `paging` is null: the whole list.
 */
export const allOrdersQuerySchema = z
  .strictObject({ page: page.optional(), size: size.optional() })
  .transform(({ page, size }): { paging: PageQuery | null } => ({
    paging: page === undefined && size === undefined ? null : { page: page ?? 0, size: size ?? DEFAULT_PAGE_SIZE },
  }));
export type AllOrdersQuery = z.output<typeof allOrdersQuerySchema>;

export const uidParamsSchema = z.strictObject({ uid: identifier('uid', LIMITS.uid) });
