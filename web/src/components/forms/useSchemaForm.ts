import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked on blur by one of contracts' schemas (the same the server checks the request
 * with), and its field errors.
 */
export function useSchemaForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, defaultValues?: DefaultValues<Input>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues });
  return { ...form, errors: form.formState.errors };
}
