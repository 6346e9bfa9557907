import { ALL_TOPICS, addProductSchema, type AddProductInput, type EventLog } from '@toolforge/contracts';
import { WriteModel } from './domain/writeModel.js';
import { Shop } from './shop.js';

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
 * schema and added by the same use case as POST /addproduct, as an ordinary ProductAdded whose
 * actor is the system (null). Returns how many were added: none
 * when the log already holds events, so a restart never seeds twice.
 */
export async function seedCatalogueIfEmpty(
  log: EventLog,
  products: readonly AddProductInput[],
  options: SeedOptions = {},
): Promise<number> {
  if (!(await isLogEmpty(log))) return 0;
  // An empty log folds to an empty write model: nothing to catch up.
  const shop = new Shop({ log, model: new WriteModel(), policy: { adminEmails: new Set() }, ...options });
  for (const input of products) await shop.addProduct(null, addProductSchema.parse(input));
  return products.length;
}
