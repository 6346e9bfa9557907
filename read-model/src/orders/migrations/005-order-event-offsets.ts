import type { Migration } from '@toolforge/platform/sql';

/**
 * The order's current status and payment follow its later events, and `event_offsets` lists the
 * offsets of every event of its stream in its partition (`log_partition`), in log order: the
 * order's history is read from the log at those offsets (an index into the log, not a copy of it).
 */
export const orderEventOffsets: Migration = {
  version: 5,
  ddl: `
  alter table orders add column event_offsets bigint[];
  update orders set event_offsets = array[log_offset];
  alter table orders alter column event_offsets set not null;
  `,
};
