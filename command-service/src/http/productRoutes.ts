import type { FastifyInstance } from 'fastify';
import { addProductSchema, productIdParamsSchema } from '@toolforge/contracts';
import type { Shop } from '../shop.js';
import { acknowledgementSchema, addProductResponseSchema } from './replies.js';

/** POST /addproduct and DELETE /deleteproduct/:id: admins only (DESIGN §5). */
export async function productRoutes(app: FastifyInstance, { shop }: { shop: Shop }) {
  app.post(
    '/addproduct',
    { onRequest: app.requireAdmin, schema: { body: addProductSchema, response: { 200: addProductResponseSchema } } },
    async (request) => {
      const product = addProductSchema.parse(request.body);
      return { acknowledged: true, ...(await shop.addProduct(request.user.uid, product)) };
    },
  );

  app.delete(
    '/deleteproduct/:id',
    { onRequest: app.requireAdmin, schema: { params: productIdParamsSchema, response: { 200: acknowledgementSchema } } },
    async (request) => {
      const { id } = productIdParamsSchema.parse(request.params);
      return { acknowledged: true, ...(await shop.deleteProduct(request.user.uid, id)) };
    },
  );
}
