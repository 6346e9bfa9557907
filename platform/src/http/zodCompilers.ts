import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';

/**
 * Lets routes declare zod schemas from `contracts` (DESIGN §7): requests are validated with the very
 * schema the web's forms use, so the server answers the spec's own messages; responses are turned
 * into JSON Schema for fast-json-stringify, which also drops any field the schema does not name.
 */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  });
  app.setSerializerCompiler(({ schema }) => {
    const jsonSchema = z.toJSONSchema(schema as ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
  });
}
