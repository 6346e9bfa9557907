import {
  ALL_TOPICS,
  CURRENT_SCHEMA_VERSION,
  TOPICS,
  addProductSchema,
  type AddProductInput,
  type EventLog,
  type ProductEvent,
} from '@toolforge/contracts';
import { decideProduct } from './domain/product/decide.js';

export interface SeedOptions {
  clock?: () => Date;
  newId?: () => string;
}

/** Whether the log holds no event at all: a shop that has never run. */
export async function isLogEmpty(log: EventLog): Promise<boolean> {
  for (const topic of ALL_TOPICS) {
    for (const partition of await log.partitions(topic)) {
      if ((await log.read(topic, partition, 0, 1)).length > 0) return false;
    }
  }
  return true;
}

/**
 * Seeds a catalogue on an empty log (DESIGN §8): each product is validated by the Add Product
 * schema and decided by the product decider, exactly as POST /addproduct would, and appended as
 * an ordinary ProductAdded whose actor is the system (null). Returns how many were added: none
 * when the log already holds events, so a restart never seeds twice.
 */
export async function seedCatalogueIfEmpty(
  log: EventLog,
  products: readonly AddProductInput[],
  options: SeedOptions = {},
): Promise<number> {
  if (!(await isLogEmpty(log))) return 0;
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  for (const input of products) {
    const productId = newId();
    const decided = decideProduct({ type: 'AddProduct', data: { ...addProductSchema.parse(input), productId } }, undefined);
    const occurredAt = clock().toISOString();
    const commandId = newId();
    const events = decided.map(
      (event) => ({ ...event, meta: { eventId: newId(), occurredAt, actor: null, commandId, schemaVersion: CURRENT_SCHEMA_VERSION } }) as ProductEvent,
    );
    await log.append({ topic: TOPICS.products, streamId: productId, expectedVersion: 0, events });
  }
  return products.length;
}
