import { TOPICS, type AddProductCommand, type HeldLine, type RestockCommand, type UpdateProductCommand } from '@toolforge/contracts';
import { appendedAt, streamOf, type CommandHandler, type Stream } from '../shared/commandHandler.js';
import { StatesById } from '../shared/statesById.js';
import { productDecider } from './decide.js';
import type { ProductFact, ProductState } from './product.js';

/** The write model's products, by id: what adding, editing, restocking, deleting and ordering them is decided on. */
export type ProductStates = StatesById<ProductState | undefined, ProductFact>;

/** What the catalogue needs to know of an order: the products its lines hold stock of. */
export interface OrderedProducts {
  get(orderId: string): { readonly lines: readonly HeldLine[] } | undefined;
}

/**
 * `orders` names the products of an order: a payment says only which order was paid, and the
 * customer's hold on each of that order's products ends with it.
 */
export function productStates(orders: OrderedProducts): ProductStates {
  return new StatesById<ProductState | undefined, ProductFact>(
    ['ProductAdded', 'ProductDeleted', 'ProductUpdated', 'StockAdjusted', 'OrderPlaced', 'OrderPaid', 'OrderCancelled'],
    (fact) => {
      switch (fact.type) {
        case 'OrderPlaced':
        case 'OrderCancelled':
          return productsOf(fact.data.lines);
        case 'OrderPaid':
          // An unknown order's payment is folded into no product.
          return productsOf(orders.get(fact.data.orderId)?.lines ?? []);
        default:
          return fact.data.productId;
      }
    },
    productDecider,
  );
}

/** The products an order's lines name, each once; the one of a one-line order as itself. */
function productsOf(lines: readonly HeldLine[]): string | readonly string[] {
  return lines.length === 1 ? lines[0]!.productId : [...new Set(lines.map((line) => line.productId))];
}

export interface CatalogueDeps {
  handler: CommandHandler;
  products: ProductStates;
}

/** The catalogue's commands: admins (or the seed) add products; admins edit, restock and delete them. */
export class Catalogue {
  constructor(private readonly deps: CatalogueDeps) {}

  /** `actor` null: the system (seeding), not a signed-in admin. */
  async addProduct(actor: string | null, product: AddProductCommand): Promise<{ position: string; productId: string }> {
    // A new stream, its id taken at the command's turn.
    const added = await this.deps.handler.handle(
      () => this.stream(this.deps.handler.newId()),
      (state, productId) => productDecider.decide({ type: 'AddProduct', data: { ...product, productId } }, state),
      { actor },
    );
    return { position: appendedAt(added), productId: added.streamId };
  }

  async deleteProduct(actor: string, productId: string): Promise<{ position: string }> {
    const deleted = await this.deps.handler.handle(
      this.stream(productId),
      (state) => productDecider.decide({ type: 'DeleteProduct', data: { productId } }, state),
      { actor },
    );
    return { position: appendedAt(deleted) };
  }

  /** Records only the fields the edit changes; an edit that changes nothing appends nothing and has no position. */
  async updateProduct(actor: string, productId: string, edit: UpdateProductCommand): Promise<{ position?: string }> {
    const { position } = await this.deps.handler.handle(
      this.stream(productId),
      (state) => productDecider.decide({ type: 'UpdateProduct', data: { ...edit, productId } }, state),
      { actor },
    );
    return position === undefined ? {} : { position };
  }

  /** Stock in (a positive quantity) or written off (a negative one), never below what open orders reserve. */
  async adjustStock(actor: string, productId: string, adjustment: RestockCommand): Promise<{ position: string }> {
    const adjusted = await this.deps.handler.handle(
      this.stream(productId),
      (state) => productDecider.decide({ type: 'AdjustStock', data: { ...adjustment, productId } }, state),
      { actor },
    );
    return { position: appendedAt(adjusted) };
  }

  private stream(productId: string): Stream<ProductState | undefined> {
    return streamOf(TOPICS.products, productId, this.deps.products);
  }
}
