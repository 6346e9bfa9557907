import { addProductSchema, type AddProductInput } from '@toolforge/contracts';
import type { EventLog } from '@toolforge/platform';
import { CommandHandler } from '../shared/commandHandler.js';
import { WriteModel } from '../shared/writeModel.js';
import { orderStates } from '../orders/orderStates.js';
import { Catalogue, productStates } from './catalogue.js';

export interface SeedOptions {
  clock?: () => Date;
  newId?: () => string;
}

/** Whether the log holds no event at all: a shop that has never run. */
export async function isLogEmpty(log: EventLog): Promise<boolean> {
  // The first page read, of one event, says that it is not.
  for await (const _page of log.readAll({ pageSize: 1 })) return false;
  return true;
}

/**
 * Seeds a catalogue on an empty log: each product is validated by the Add Product
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
  const states = productStates(orderStates());
  const catalogue = new Catalogue({ handler: new CommandHandler({ log, model: new WriteModel([states]), ...options }), products: states });
  for (const input of products) await catalogue.addProduct(null, addProductSchema.parse(input));
  return products.length;
}
