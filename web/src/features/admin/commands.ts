import type {
  Acknowledgement,
  AddProductInput,
  AddProductResponse,
  MakeAdminInput,
  RestockInput,
  UpdateProductInput,
} from '@toolforge/contracts';
import type { Acknowledged } from '../../api/commandClient';
import { command } from '../../api/command';

/** A product edit: without a position when no field changed (nothing was appended). */
export type ProductEdited = Acknowledged;

const productPath = (productId: string) => `/product/${encodeURIComponent(productId)}`;

/** The admin's commands (docs/architecture.md#9-the-products-rules): the catalogue's products, and who is an admin. */
export const adminCommands = {
  addProduct: command<[body: AddProductInput], AddProductResponse>((body) => ({ method: 'POST', path: '/addproduct', body })),
  deleteProduct: command<[productId: string], Acknowledgement>((productId) => ({
    method: 'DELETE',
    path: `/deleteproduct/${encodeURIComponent(productId)}`,
  })),
  updateProduct: command<[productId: string, body: UpdateProductInput], ProductEdited>((productId, body) => ({
    method: 'PUT',
    path: productPath(productId),
    body,
  })),
  restockProduct: command<[productId: string, body: RestockInput], Acknowledgement>((productId, body) => ({
    method: 'POST',
    path: `${productPath(productId)}/restock`,
    body,
  })),
  makeAdmin: command<[body: MakeAdminInput], Acknowledgement>((body) => ({ method: 'POST', path: '/makeadmin', body })),
};
