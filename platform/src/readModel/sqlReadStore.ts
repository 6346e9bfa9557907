import type { ProductCategory } from '@toolforge/contracts';
import type { ReadStore } from './readStore.js';
import type { AppliedBatch, OrderView, ProductView, ProjectionBatch, RowWrite, Slice } from './rows.js';
import { migrateReadModel } from './schema.js';
import type { SqlExecutor, SqlQueryable } from './sql.js';

/**
 * The ReadStore on any Postgres the SqlExecutor reaches: PGlite embedded, a server through `pg`.
 * The statements are plain Postgres, the same for both.
 */
export class SqlReadStore implements ReadStore {
  private constructor(private readonly sql: SqlExecutor) {}

  /** Opens the read model, creating or migrating its tables first. */
  static async open(sql: SqlExecutor): Promise<SqlReadStore> {
    await migrateReadModel(sql);
    return new SqlReadStore(sql);
  }

  async nextOffset(topic: string, partition: number): Promise<number> {
    const result = await this.sql.query<{ next_offset: unknown }>(
      'select next_offset from projection_checkpoints where topic = $1 and partition = $2',
      [topic, partition],
    );
    return result.rows[0] ? Number(result.rows[0].next_offset) : 0;
  }

  applyBatch(batch: ProjectionBatch): Promise<AppliedBatch> {
    return this.sql.transaction(async (tx) => {
      await tx.query(
        'insert into projection_checkpoints (topic, partition, next_offset) values ($1, $2, 0) on conflict do nothing',
        [batch.topic, batch.partition],
      );
      // The row lock makes a second projector on the same partition wait here, then skip what this one applied.
      const current = await tx.query<{ next_offset: unknown }>(
        'select next_offset from projection_checkpoints where topic = $1 and partition = $2 for update',
        [batch.topic, batch.partition],
      );
      let nextOffset = Number(current.rows[0]!.next_offset);
      let applied = 0;
      for (const event of batch.events) {
        if (event.offset < nextOffset) continue;
        for (const write of event.writes) await applyWrite(tx, write);
        nextOffset = event.offset + 1;
        applied += 1;
      }
      if (applied > 0) {
        await tx.query('update projection_checkpoints set next_offset = $3 where topic = $1 and partition = $2', [
          batch.topic,
          batch.partition,
          nextOffset,
        ]);
      }
      return { applied, nextOffset };
    });
  }

  async listProducts(slice: Slice): Promise<ProductView[]> {
    const result = await this.sql.query<ProductRecord>(
      `${SELECT_PRODUCTS} where p.deleted_at is null
       order by p.added_at desc, p.log_partition desc, p.log_offset desc
       limit $1 offset $2`,
      [slice.limit, slice.offset],
    );
    return result.rows.map(toProductView);
  }

  async countProducts(): Promise<number> {
    const result = await this.sql.query<{ count: unknown }>('select count(*) as count from products where deleted_at is null');
    return Number(result.rows[0]!.count);
  }

  async findProduct(productId: string): Promise<ProductView | undefined> {
    const result = await this.sql.query<ProductRecord>(`${SELECT_PRODUCTS} where p.product_id = $1 and p.deleted_at is null`, [productId]);
    return result.rows[0] && toProductView(result.rows[0]);
  }

  async ordersOfUser(uid: string): Promise<OrderView[]> {
    const result = await this.sql.query<OrderRecord>(`${SELECT_ORDERS} where user_id = $1 ${NEWEST_ORDERS}`, [uid]);
    return result.rows.map(toOrderView);
  }

  async listOrders(slice?: Slice): Promise<OrderView[]> {
    const result = slice
      ? await this.sql.query<OrderRecord>(`${SELECT_ORDERS} ${NEWEST_ORDERS} limit $1 offset $2`, [slice.limit, slice.offset])
      : await this.sql.query<OrderRecord>(`${SELECT_ORDERS} ${NEWEST_ORDERS}`);
    return result.rows.map(toOrderView);
  }

  async isAdmin(uid: string): Promise<boolean> {
    const result = await this.sql.query<{ admin: boolean }>('select admin from users where uid = $1', [uid]);
    return result.rows[0]?.admin === true;
  }

  /** The executor belongs to whoever opened it (the host closes the database). */
  async close(): Promise<void> {}
}

async function applyWrite(tx: SqlQueryable, write: RowWrite): Promise<void> {
  switch (write.kind) {
    case 'insertProduct': {
      const p = write.product;
      await tx.query(
        `insert into products (product_id, name, category, model, image_url, price_cents, stock, min_order, description,
                               added_at, log_partition, log_offset)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) on conflict (product_id) do nothing`,
        [p.productId, p.name, p.category, p.model, p.imageUrl, p.priceCents, p.stock, p.minOrder, p.description, p.addedAt, p.logPosition.partition, p.logPosition.offset],
      );
      return;
    }
    case 'deleteProduct':
      await tx.query('update products set deleted_at = $2 where product_id = $1 and deleted_at is null', [write.productId, write.at]);
      return;
    case 'reserveStock':
      await tx.query(
        `insert into product_reservations (product_id, reserved) values ($1, $2)
         on conflict (product_id) do update set reserved = product_reservations.reserved + excluded.reserved`,
        [write.productId, write.quantity],
      );
      return;
    case 'insertOrder': {
      const o = write.order;
      await tx.query(
        `insert into orders (order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents,
                             total_cost_cents, shipping_address, status, payment, placed_at, log_partition, log_offset)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) on conflict (order_id) do nothing`,
        [o.orderId, o.productId, o.productName, o.userId, o.userName, o.quantity, o.unitPriceCents, o.totalCostCents, o.shippingAddress, o.status, o.payment, o.placedAt, o.logPosition.partition, o.logPosition.offset],
      );
      return;
    }
    case 'signInUser': {
      const u = write.user;
      await tx.query(
        `insert into users (uid, email, name, photo_url, email_verified, signed_in, last_seen_at)
         values ($1, $2, $3, $4, $5, true, $6)
         on conflict (uid) do update set email = excluded.email, name = excluded.name, photo_url = excluded.photo_url,
           email_verified = excluded.email_verified, signed_in = true, last_seen_at = excluded.last_seen_at`,
        [u.uid, u.email, u.name, u.photoURL, u.emailVerified, u.at],
      );
      return;
    }
    case 'signOutUser':
      await tx.query('update users set signed_in = false, last_seen_at = $2 where uid = $1', [write.uid, write.at]);
      return;
    case 'grantAdmin':
      await tx.query(
        `insert into users (uid, email, name, admin) values ($1, $2, '', true)
         on conflict (uid) do update set admin = true`,
        [write.uid, write.email],
      );
      return;
    default: {
      const unknown: never = write;
      return unknown;
    }
  }
}

const SELECT_PRODUCTS = `
  select p.product_id, p.name, p.category, p.model, p.image_url, p.price_cents, p.min_order, p.description, p.added_at,
         greatest(p.stock - coalesce(r.reserved, 0), 0) as available_stock
    from products p left join product_reservations r on r.product_id = p.product_id`;

const SELECT_ORDERS = `
  select order_id, product_id, product_name, user_id, user_name, quantity, unit_price_cents, total_cost_cents,
         shipping_address, status, payment, placed_at
    from orders`;
const NEWEST_ORDERS = 'order by placed_at desc, log_partition desc, log_offset desc';

// Drivers differ in how they hand back bigint and timestamptz (number, string, BigInt, Date): read both ways.
interface ProductRecord {
  product_id: string;
  name: string;
  category: string;
  model: string;
  image_url: string;
  price_cents: unknown;
  min_order: unknown;
  description: string;
  added_at: unknown;
  available_stock: unknown;
}

interface OrderRecord {
  order_id: string;
  product_id: string;
  product_name: string;
  user_id: string;
  user_name: string;
  quantity: unknown;
  unit_price_cents: unknown;
  total_cost_cents: unknown;
  shipping_address: string;
  status: string;
  payment: boolean;
  placed_at: unknown;
}

const isoTime = (value: unknown) => new Date(value as string | Date).toISOString();

function toProductView(row: ProductRecord): ProductView {
  return {
    productId: row.product_id,
    name: row.name,
    category: row.category as ProductCategory,
    model: row.model,
    imageUrl: row.image_url,
    priceCents: Number(row.price_cents),
    availableStock: Number(row.available_stock),
    minOrder: Number(row.min_order),
    description: row.description,
    addedAt: isoTime(row.added_at),
  };
}

function toOrderView(row: OrderRecord): OrderView {
  return {
    orderId: row.order_id,
    productId: row.product_id,
    productName: row.product_name,
    userId: row.user_id,
    userName: row.user_name,
    quantity: Number(row.quantity),
    unitPriceCents: Number(row.unit_price_cents),
    totalCostCents: Number(row.total_cost_cents),
    shippingAddress: row.shipping_address,
    status: row.status,
    payment: row.payment,
    placedAt: isoTime(row.placed_at),
  };
}
