import { TOPICS, type AddProductCommand, type RestockCommand, type UpdateProductCommand } from '@toolforge/contracts';
import { NothingDecided, aggregateOf, type Aggregate, type CommandHandler } from '../shared/commandHandler.js';
import { StatesById } from '../shared/statesById.js';
import { productDecider, type ProductCommand } from './decide.js';
import type { ProductFact, ProductState } from './product.js';

/** The write model's products, by id: what adding, editing, restocking, deleting and ordering them is decided on. */
export type ProductStates = StatesById<ProductState | undefined, ProductFact>;

/**
 * `orders` names the product of an order: a payment says only which order was paid, and the
 * customer's hold on that order's product ends with it.
 */
export function productStates(orders: { get(orderId: string): { readonly productId: string } | undefined }): ProductStates {
  return new StatesById(
    ['ProductAdded', 'ProductDeleted', 'ProductUpdated', 'StockAdjusted', 'OrderPlaced', 'OrderPaid', 'OrderCancelled'],
    // An unknown order's payment is folded into no product ('' is no product's id).
    (fact) => (fact.type === 'OrderPaid' ? (orders.get(fact.data.orderId)?.productId ?? '') : fact.data.productId),
    productDecider,
  );
}

export interface CatalogueDeps {
  handler: CommandHandler;
  products: ProductStates;
}

/** The catalogue's commands: admins (or the seed) add products; admins edit, restock and delete them. */
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

  /** Records only the fields the edit changes; an edit that changes nothing appends nothing and has no position. */
  async updateProduct(actor: string, productId: string, edit: UpdateProductCommand): Promise<{ position?: string }> {
    try {
      const { position } = await this.handler.handle(this.products, { type: 'UpdateProduct', data: { ...edit, productId } }, { actor });
      return { position };
    } catch (error) {
      if (error instanceof NothingDecided) return {};
      throw error;
    }
  }

  /** Stock in (a positive quantity) or written off (a negative one), never below what open orders reserve. */
  async adjustStock(actor: string, productId: string, adjustment: RestockCommand): Promise<{ position: string }> {
    const { position } = await this.handler.handle(this.products, { type: 'AdjustStock', data: { ...adjustment, productId } }, { actor });
    return { position };
  }
}
