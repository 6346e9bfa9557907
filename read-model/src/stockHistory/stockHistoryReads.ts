import {
  STOCK_HISTORY_PAGE_SIZE,
  formatPosition,
  type StockChangeDto,
  type StockChangeType,
  type StockHistoryResponse,
} from '@toolforge/contracts';
import { isoTime, type SqlQueryable } from '@toolforge/platform/sql';

/** A product's stock history as the query side reads it. */
export interface StockHistoryReader {
  /**
   * The `page`th (from 0) of the product's changes, STOCK_HISTORY_PAGE_SIZE each, newest first, and how
   * many it has; null for a product the read model has no change of (none was added by that id).
   */
  stockHistory(productId: string, page: number): Promise<StockHistoryResponse | null>;
}

interface ChangeRecord {
  readonly total: unknown;
  /** The rest null when the page is past the last change. */
  readonly log_topic: string | null;
  readonly log_partition: unknown;
  readonly log_offset: unknown;
  readonly event_type: StockChangeType;
  readonly event_id: string;
  readonly occurred_at: unknown;
  readonly order_id: string | null;
  readonly on_hand_delta: unknown;
  readonly reserved_delta: unknown;
  readonly on_hand_after: unknown;
  readonly reserved_after: unknown;
}

function toStockChange(row: ChangeRecord): StockChangeDto {
  return {
    position: formatPosition({ topic: row.log_topic!, partition: Number(row.log_partition), offset: Number(row.log_offset) }),
    type: row.event_type,
    // A balance brought forward has no event (migrations/015-product-stock-changes.ts).
    eventId: row.event_id === '' ? null : row.event_id,
    occurredAt: isoTime(row.occurred_at),
    onHandDelta: Number(row.on_hand_delta),
    reservedDelta: Number(row.reserved_delta),
    onHandAfter: Number(row.on_hand_after),
    reservedAfter: Number(row.reserved_after),
    orderId: row.order_id,
  };
}

/**
 * The stock history's reads on product_stock_changes (migrations/015-product-stock-changes.ts): a
 * page read backwards along the primary key, and the count beside it in the same statement, so both
 * are of the same moment.
 */
export function sqlStockHistoryReader(sql: SqlQueryable): StockHistoryReader {
  return {
    async stockHistory(productId, page) {
      const result = await sql.query<ChangeRecord>(
        `select counted.total, c.*
           from (select count(*) as total from product_stock_changes where product_id = $1) as counted
           left join lateral (
             select log_topic, log_partition, log_offset, event_type, event_id, occurred_at, order_id,
                    on_hand_delta, reserved_delta, on_hand_after, reserved_after
               from product_stock_changes where product_id = $1
              order by occurred_at desc, event_id desc limit $2 offset $3
           ) as c on true`,
        [productId, STOCK_HISTORY_PAGE_SIZE, page * STOCK_HISTORY_PAGE_SIZE],
      );
      const total = Number(result.rows[0]!.total);
      if (total === 0) return null;
      return { total, changes: result.rows.filter((row) => row.log_topic !== null).map(toStockChange) };
    },
  };
}
