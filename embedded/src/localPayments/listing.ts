import { invalidRequest, resourceMissing } from './errors.js';
import type { Params } from './params.js';

/** Stripe's list object: one page, newest first, `has_more` when older ones follow. */
export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

interface Listed {
  readonly id: string;
  readonly created: number;
}

/** `created` as Stripe filters on it: an exact second, or any of gt, gte, lt, lte. */
function createdFilter(params: Params): (created: number) => boolean {
  if (!params.has('created')) return () => true;
  if (params.isText('created')) {
    const at = params.integer('created', { required: true });
    return (created) => created === at;
  }
  const range = params.object('created');
  const [gt, gte, lt, lte] = (['gt', 'gte', 'lt', 'lte'] as const).map((bound) => range.integer(bound));
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}

/**
 * One page of `newestFirst` as Stripe pages a list: `limit` (1–100, 10 by default), then
 * `starting_after` (the page after that object) or `ending_before` (the page before it), within the
 * `created` filter. The SDK's auto-pagination turns pages with these alone.
 */
export function listPage<T extends Listed>(newestFirst: readonly T[], params: Params, kind: string, url: string): StripeList<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.text('starting_after', { max: 255 });
  const endingBefore = params.text('ending_before', { max: 255 });
  if (startingAfter && endingBefore) throw invalidRequest('You may only specify one of these parameters: starting_after, ending_before.');
  const created = createdFilter(params);
  const inRange = newestFirst.filter((item) => created(item.created));
  const cursor = startingAfter ?? endingBefore;
  const at = cursor === undefined ? -1 : inRange.findIndex((item) => item.id === cursor);
  if (cursor !== undefined && at < 0) throw resourceMissing(kind, cursor, startingAfter ? 'starting_after' : 'ending_before');
  if (endingBefore !== undefined) {
    const before = inRange.slice(0, at);
    return { object: 'list', data: before.slice(-limit), has_more: before.length > limit, url };
  }
  const after = inRange.slice(at + 1);
  return { object: 'list', data: after.slice(0, limit), has_more: after.length > limit, url };
}
