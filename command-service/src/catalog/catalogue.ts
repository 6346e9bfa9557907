import { TOPICS, type AddProductCommand } from '@toolforge/contracts';
import { aggregateOf, type Aggregate, type CommandHandler } from '../shared/commandHandler.js';
import { StatesById } from '../shared/statesById.js';
import { productDecider, type ProductCommand } from './decide.js';
import type { ProductFact, ProductState } from './product.js';

/** The write model's products, by id: what adding, deleting and ordering them is decided on. */
export type ProductStates = StatesById<ProductState | undefined, ProductFact>;

export function productStates(): ProductStates {
  return new StatesById(['ProductAdded', 'ProductDeleted', 'OrderPlaced'], (fact) => fact.data.productId, productDecider);
}

export interface CatalogueDeps {
  handler: CommandHandler;
  products: ProductStates;
}

/** The catalogue's commands: admins (or the seed) add and delete products. */
export class Catalogue {
  private readonly handler: CommandHandler;
  private readonly products: Aggregate<ProductCommand, ProductState | undefined, ProductFact>;

  constructor({ handler, products }: CatalogueDeps) {
    this.handler = handler;
    this.products = aggregateOf(productDecider, TOPICS.products, (command) => command.data.productId, products);
  }

  /** `actor` null: the system (seeding), not a signed-in admin. */
  addProduct(actor: string | null, product: AddProductCommand): Promise<{ position: string; productId: string }> {
    return this.handler.run(async (decide) => {
      const productId = this.handler.newId();
      const { position } = await decide(this.products, { type: 'AddProduct', data: { ...product, productId } }, { actor });
      return { position, productId };
    });
  }

  async deleteProduct(actor: string, productId: string): Promise<{ position: string }> {
    const { position } = await this.handler.handle(this.products, { type: 'DeleteProduct', data: { productId } }, { actor });
    return { position };
  }
}
