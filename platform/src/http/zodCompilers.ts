import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';

/**
 * Types a route's body, params and query as its zod schema's output (its transforms and defaults
 * applied), which is what the validator below hands the route: apply it in each plugin scope with
 * `app.withTypeProvider<ZodTypeProvider>()`. From version 7 the library types validated input as
 * the schema's output, so it fits these compilers as it is.
 */
export type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Lets routes declare zod schemas from `contracts`: requests are validated with the very schema the
 * web's forms use, so the server answers the spec's own messages, and the route gets the parsed
 * value; responses are written by responseSerializer.
 */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  });
  app.setSerializerCompiler(({ schema }) => responseSerializer(schema as ZodType));
}

/**
 * How a route writes a response with this schema: its JSON Schema for fast-json-stringify, which
 * also drops any field the schema does not name.
 */
export function responseSerializer(schema: ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
}
