import { v7 } from 'uuid';

/**
 * A new id of the shop (an event's, a command's, a new product's, order's or review's): a UUID of
 * version 7, whose first 48 bits are the time it was made, so ids made later sort after those made
 * before (docs/architecture.md, "Ids"). Every index on an id then grows at its end, as the log's
 * offsets do: the read model's primary keys (the orders', the products'), and the embedded log's
 * unique `event_id`. Random ids (version 4) land anywhere in those indexes, each insert on a page of
 * its own: a million of them into a primary key took PGlite and PostgreSQL clearly longer than
 * time-ordered ones (bench-results/2026-11-27.md#the-rebuild-investigated), in the running projector and again in
 * every rebuild. The rest of the id is a count that starts at a random value each millisecond and
 * 42 random bits: no read relies on an id being hard to guess (each is checked against the reader's
 * rights), and the time it tells is no secret from those who may see it (an order's is on the order).
 */
export function newShopId(): string {
  return v7();
}
