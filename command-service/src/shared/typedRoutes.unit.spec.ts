import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { addProductSchema, productIdParamsSchema, type AddProductCommand } from '@toolforge/contracts';
import { useZodSchemas } from '@toolforge/platform/http';
import { validProduct } from '../test/harness.js';

describe('command routes typed by their zod schemas', () => {
  it('hand the handler the schema’s output (converted, typed), with no second parse', async () => {
    const app = Fastify();
    useZodSchemas(app);
    const seen: { product: AddProductCommand; id: string }[] = [];
    app
      .withTypeProvider<ZodTypeProvider>()
      .post('/addproduct/:id', { schema: { body: addProductSchema, params: productIdParamsSchema } }, (request) => {
        // Typed as the output: a body still in its input shape (texts for numbers) would not compile here.
        seen.push({ product: request.body, id: request.params.id });
        return Promise.resolve({});
      });

    const response = await app.inject({ method: 'POST', url: '/addproduct/p-1', payload: validProduct });

    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ product: addProductSchema.parse(validProduct), id: 'p-1' }]);
    expect(seen[0]?.product).toMatchObject({ stock: 30, minOrder: 5 });
    await app.close();
  });
});
