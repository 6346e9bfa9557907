import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addProductSchema, productIdParamsSchema, restockSchema, updateProductSchema } from '@toolforge/contracts';
import { acknowledged, acknowledgementSchema, addProductResponseSchema, updateProductResponseSchema } from '../shared/replies.js';
import type { Catalogue } from './catalogue.js';

/** POST /addproduct, PUT /product/:id, POST /product/:id/restock and DELETE /deleteproduct/:id: admins only. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async (or calls done()); it registers its routes without awaiting anything
export async function productRoutes(scope: FastifyInstance, { catalogue }: { catalogue: Catalogue }) {
  // Bodies and params arrive as the schema's output (the validator compiler returns it), typed as such.
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/addproduct',
    { onRequest: app.requireAdmin, schema: { body: addProductSchema, response: { 200: addProductResponseSchema } } },
    async (request) => acknowledged(await catalogue.addProduct(request.user.uid, request.body)),
  );
  app.put(
    '/product/:id',
    {
      onRequest: app.requireAdmin,
      schema: { params: productIdParamsSchema, body: updateProductSchema, response: { 200: updateProductResponseSchema } },
    },
    async (request) => acknowledged(await catalogue.updateProduct(request.user.uid, request.params.id, request.body)),
  );
  app.post(
    '/product/:id/restock',
    {
      onRequest: app.requireAdmin,
      schema: { params: productIdParamsSchema, body: restockSchema, response: { 200: acknowledgementSchema } },
    },
    async (request) => acknowledged(await catalogue.adjustStock(request.user.uid, request.params.id, request.body)),
  );
  app.delete(
    '/deleteproduct/:id',
    { onRequest: app.requireAdmin, schema: { params: productIdParamsSchema, response: { 200: acknowledgementSchema } } },
    async (request) => acknowledged(await catalogue.deleteProduct(request.user.uid, request.params.id)),
  );
}
